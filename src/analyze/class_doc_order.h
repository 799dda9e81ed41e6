// Class doc order: an exception class's doc leads a record's documentation,
// unless the record already says more in the maintainers' words. The raising
// function's `@throws X if ...` sentence is about this raise; the class doc
// is about every raise of the class. And a class doc that only calls the
// class generic ("A generic exception indicating the problem in
// serialization or deserialization process") says less than a docstring or
// a comment at the raise.
#pragma once

#include <string>

namespace errdex {

// `doc` with `sentence` (the rendered class doc, whose text is `class_doc`)
// at its place: first, or after the record's leading `@throws` sentence,
// or after its leading docstring/comment when `class_doc` is generic or
// the repository raises the class in many places (`widely_raised`:
// graphql-js's GraphQLError, flyway's FlywayException). A class doc that is
// generic by its words follows every sentence about this raise and
// precedes only the location.
std::string WithClassDoc(const std::string& doc, const std::string& sentence,
                         const std::string& class_doc, bool widely_raised = false);

}  // namespace errdex
