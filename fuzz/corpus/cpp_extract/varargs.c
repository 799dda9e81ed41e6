/* Seed: C varargs report wrappers, a cycle of va_list functions, a
   self-forwarding wrapper and messages handed back through out-parameters. */
#include <stdarg.h>
#include <stdio.h>

static void vreport(const char *prefix, const char *err, va_list params) {
  char msg[256];
  vsnprintf(msg, sizeof(msg), err, params);
  fprintf(stderr, "%s%s\n", prefix, msg);
}
void die(const char *err, ...) {
  va_list params;
  va_start(params, err);
  vreport("fatal: ", err, params);
  va_end(params);
}
void a_verror(const char *fmt, va_list ap) { b_verror(fmt, ap); vfprintf(stderr, fmt, ap); }
void b_verror(const char *fmt, va_list ap) { a_verror(fmt, ap); }
void again(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  again(fmt, ap);
  lib_error_vset(1, fmt, ap);
}
void lib_error_vset(int klass, const char *fmt, va_list ap) { str_vprintf(&buf, fmt, ap); }
int check(const char *v, char **err, sds *error_msg) {
  if (!v) { if (err) *err = "value must be given"; return 0; }
  *error_msg = sdsnew("setting " "is not enabled");
  die("cannot open %s", v);
  again("bad %d", 3);
  return 1;
}
