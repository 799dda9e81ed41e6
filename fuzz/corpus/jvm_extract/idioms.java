package com.acme;

public class Store {
  public void put(String key, Object value) {
    if (key.isEmpty()) {
      // Keys are never empty.
      throw new IllegalArgumentException("bad key '" + key + "' for "
          + String.valueOf(value) + " (" + value.toString() + ')'
          + " of " + value.getClass().getName() + "\t#" + 42);
    }
  }
}

class Fmt {
  void f(String name, int n, Path p) {
    throw new IllegalStateException(String.format("%s has %d items (%.2f%%)%n", name, n, r));
    throw new IllegalStateException(String.format(Locale.ROOT, "%2$s then %1$s, %<s", a, b));
    throw new IOException("cannot read %s".formatted(p));
    throw new ParseException(MessageFormat.format("line {0}: ''{1}'' unexpected", n, tok), n);
    throw new IllegalArgumentException("""
        Invalid config:
          key %s \
        is unknown
        """.formatted(name));
  }
}

class JsonException extends RuntimeException {
  private static final String PREFIX = "json: ";
  JsonException(String path, int line) {
    super(PREFIX + "malformed at " + path + " line " + line);
  }
  JsonException(String message) { super(message); }
}
class Reader {
  static IllegalArgumentException invalid(String n) {
    return new IllegalArgumentException("bad " + n);
  }
  void read(String n, int depth) throws IOException {
    String msg = "too deep: " + depth;
    msg += " > 64";
    if (depth > 64) throw new IOException(msg);
    if (n == null) throw invalid(n);
    throw Errors.invalid(n);
  }
}

class Checks {
  void f(Object x, int n, String s) {
    Objects.requireNonNull(x, "x must not be null");
    Objects.requireNonNull(x, () -> "x for " + s);
    Preconditions.checkArgument(n >= 0, "negative count: %s (max %s)", n, MAX);
    checkState(open, "closed %s %d", s, n, extra);
    checkArgument(ok, "100%s sure");
    checkNotNull(x);
    Assert.notNull(x, "Bean must not be null");
    Assert.state(n > 0, () -> "no " + s);
    Validate.isTrue(n < 10, "too many: %d", n);
  }
}

class Svc {
  private static final Logger LOG = LoggerFactory.getLogger(Svc.class);
  void f(String id, int n) {
    try { run(); } catch (IOException e) {
      LOG.error("failed to load {} after {} tries", id, n, e);
    }
    log.warn("slow request \\{} {}", id);
    logger.info("not an error {}", id);
    log.error(e);
    logger.log(Level.SEVERE, "cannot open {0}", id);
    Log.e(TAG, "crash in " + id, t);
  }
}

class Api {
  User get(long id) {
    return repo.findById(id)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no user " + id));
  }
  void g(HttpServletResponse resp) {
    resp.sendError(HttpServletResponse.SC_FORBIDDEN, "denied");
    throw new ApiException(ErrorCode.QUOTA_EXCEEDED, "quota exceeded");
    throw new BusinessException("E1001", "account locked");
    return ResponseEntity.status(HttpStatus.CONFLICT).body("already exists");
  }
}

class W {
  void f(String message) {
    try { g(); } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    throw new UnsupportedOperationException();
    throw e;
    Exception saved = new IllegalStateException(message);
    String s = new StringBuilder("x").toString();
    throw new IllegalStateException("UNKNOWN_STATE");
  }
}

public class LocationException extends IOException {
  @Override
  public String getMessage() {
    if (location == null) {
      return super.getMessage();
    }
    return super.getMessage() + " at line " + location.line;
  }
}
class Point { public String getMessage() { return "not an exception"; } }

class R {
  static final String A = B + "a" + B;
  static final String B = A + "b" + A;
  void f(Object x) {
    String msg = "base";
    msg = String.format(Locale.ROOT, msg + " %s", x);
    throw new IllegalStateException(msg);
    throw new IllegalStateException(A);
  }
}
