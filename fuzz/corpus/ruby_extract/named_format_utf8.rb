def f(name)
  raise ArgumentError, format("bad %<name>é value", name: name)
end
