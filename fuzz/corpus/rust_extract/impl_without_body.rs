use std::fmt;
impl fmt::Display for ParseError
