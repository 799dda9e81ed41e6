// Seed for csharp_extract_fuzz: throws, interpolation, helpers, recursion.
using System;

namespace Widgets
{
    public class WidgetException : Exception
    {
        public WidgetException(string key, string detail)
            : base($"widget key {key} is invalid: {detail}") { }
    }

    internal static class Throw
    {
        private const string Prefix = "widget: ";
        private const string Self = Self;
        public static Exception Create(string message) => new InvalidOperationException(Prefix + message);
        public static Exception Again(string message) => Again(message + "!");
        public static string Format(string format, params object[] args) => string.Format(format, args);
    }

    public class Widget
    {
        public void Open(string path, int n)
        {
            if (path == null) throw new ArgumentNullException(nameof(path), "a path is required");
            if (n > 3) throw Throw.Create(Throw.Format("too many items: {0}", n));
            if (n < 0) throw new WidgetException("count", $"{n} is negative");
            throw new NotSupportedException(string.Format("cannot open {0}: denied", path));
        }
    }
}
