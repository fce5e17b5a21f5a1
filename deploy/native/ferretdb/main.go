// Command ferretdb runs FerretDB v1 with its SQLite backend for the native local stack.
//
// It embeds the library instead of using `go install .../cmd/ferretdb`, because that binary
// panics at start: a generated version file is missing from the published module (FerretDB #2982).
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	listen := flag.String("listen", "127.0.0.1:27018", "TCP address to listen on")
	dataDir := flag.String("data", ".stack/ferretdb/data", "directory holding the SQLite files")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		logger.Error("resolve data dir", "err", err)
		os.Exit(1)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		logger.Error("create data dir", "err", err)
		os.Exit(1)
	}

	// The embedded package already disables telemetry (it never starts the reporter and locks the state).
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: *listen},
		Logger:    logger,
		Handler:   "sqlite",
		SQLiteURL: "file:" + dir + "/",
	})
	if err != nil {
		logger.Error("start ferretdb", "err", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	slog.New(slog.NewTextHandler(os.Stderr, nil)).Info("ferretdb listening", "addr", *listen, "data", dir)
	if err := f.Run(ctx); err != nil {
		logger.Error("run ferretdb", "err", err)
		os.Exit(1)
	}
}
