package okhttp3

class Cache(val dir: File) {
  fun open(key: String, entry: Entry) {
    if (key.isEmpty()) {
      // An empty key can never be stored.
      throw IllegalArgumentException("bad key '$key' in ${entry.name}:\t\$1 ${"!"}")
    } else if (key.length > 64) throw java.io.IOException("key too long: " + key.length)
  }
}

fun check(v: Int, a: Addr?) {
  require(v >= 0) { "v < 0: $v" }
  require(v < 10)
  check(a != null) {
    val n = v + 1
    "state ${a?.host} after $n"
  }
  val host = requireNotNull(a?.host) { "host == null" }
  checkNotNull(a)
  error("unexpected value: $v")
  TODO("support IPv6")
  TODO()
  val port = a.port ?: error("no port for $host")
  @Suppress("SENSELESS_COMPARISON")
  require(a != null) { "a" }
  val m = cached?.let { it.meta }
    ?: error("no metadata")
}

object Moshi {
  private const val PREFIX = "moshi: "
  fun adapter(type: Type, name: String): Nothing {
    var msg = PREFIX + "no adapter for " + type
    msg += " ($name)"
    if (name.isBlank()) throw IllegalArgumentException(msg)
    throw JsonDataException(
      """
      |Expected ${type.name}
      |  but was $name
      """.trimMargin()
    )
    throw JsonEncodingException("""
        Nesting too deep at %s
          (limit %d)
        """.trimIndent().format(path, 255))
    throw IllegalStateException(String.format("%s: %d%%", name, 3))
    require(name.isNotEmpty()) { val m = "empty name in " + type; m }
  }
}

class ProtocolException(code: Int) : IOException("unexpected code $code")
class Wrapped(cause: Throwable) : RuntimeException(cause)

fun invalid(n: String) = IllegalArgumentException("bad name: $n")

fun Route.routes() {
  get("/u/{id}") {
    try {
      load()
    } catch (e: IOException) {
      logger.error("load failed for {}", id, e)
      log.warn { "slow ${id}" }
      call.respond(HttpStatusCode.NotFound, "no user $id")
    }
    if (id == null) throw invalid("id")
    throw ResponseStatusException(HttpStatus.BAD_REQUEST, "bad id")
    throw e
  }
}

class JsonDataException(val path: String) : RuntimeException() {
  override val message: String
    get() = "Unexpected value at $path"
}
class Closed : IllegalStateException() {
  override val message = "closed"
}
class Point(val x: Int) {
  override val message = "not an exception"
}
