// Seed for go_extract_fuzz: errors, wrappers, constants and recursion.
package widget

import (
	"errors"
	"fmt"
	"log"
)

const prefix = "widget: "
const self = self

var ErrClosed = errors.New("widget is closed")

func failf(format string, args ...any) error {
	return fmt.Errorf(prefix+format, args...)
}

func again(format string, args ...any) error { return again(format+"!", args...) }

func Open(path string, n int) error {
	if path == "" {
		return failf("missing path (%d items)", n)
	}
	if n > 3 {
		return fmt.Errorf("open %s: %w", path, ErrClosed)
	}
	if n < 0 {
		log.Fatalf("negative count %d for %q", n, path)
	}
	panic(fmt.Sprintf("unreachable: %v", n))
}
