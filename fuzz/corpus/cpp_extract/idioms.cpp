// Seed for cpp_extract_fuzz (read as C and C++): throws, printf wrappers,
// macros, constants and recursion.
#include <cstdarg>
#include <cstdio>
#include <stdexcept>
#define PREFIX "widget: "
#define SELF SELF
static const char *kClosed = "widget is closed";
static void die(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  vfprintf(stderr, fmt, ap);
  va_end(ap);
  exit(1);
}
static void again(const char *fmt, ...) { again(fmt); }
struct parse_error : std::runtime_error {
  parse_error(int line, const std::string &what)
      : std::runtime_error("parse error at line " + std::to_string(line) + ": " + what) {}
};
int open_widget(const char *path, int n) {
  if (!path) die(PREFIX "missing path (%d items)\n", n);
  if (n > 3) throw parse_error(n, "too many items");
  if (n < 0) { fprintf(stderr, "error: %s\n", kClosed); return -1; }
  throw std::invalid_argument(std::string("bad path: ") + path);
}
