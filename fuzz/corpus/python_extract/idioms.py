def f(a, b):
    if not a:
        return
    msg = "x %s" % (a,)
    raise ValueError(f"bad {a!r:>3} {{b}}" "tail" + str(b))
    assert a, "m {}".format(b)
    warnings.warn("w", DeprecationWarning)
    abort(404)
    raise HTTPException(status_code=422, detail=f"d {a}")
    logger.error("e %s %d", a, b)
