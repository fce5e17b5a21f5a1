// Command ferretdb runs FerretDB v1 for the native local stack, on PostgreSQL (default) or SQLite.
//
// It embeds the library instead of using `go install .../cmd/ferretdb`, because that binary
// panics at start: a generated version file is missing from the published module (FerretDB #2982).
//
// With -backend postgresql it first installs gin-twins.sql in the PostgreSQL database: FerretDB's
// own indexes (btree) cannot answer the `@>` filters it pushes down, their GIN twins can.
package main

import (
	"context"
	_ "embed"
	"flag"
	"log/slog"
	"net/http"
	_ "net/http/pprof" // served only with -debug-addr
	"os"
	"os/signal"
	"path/filepath"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
	"github.com/jackc/pgx/v5"
)

//go:embed gin-twins.sql
var ginTwinsSQL string

func main() {
	listen := flag.String("listen", "127.0.0.1:27018", "TCP address to listen on")
	backend := flag.String("backend", "postgresql", "storage: postgresql or sqlite")
	postgresURL := flag.String("postgresql-url", "", "PostgreSQL URL (backend postgresql), e.g. postgres://postgres@127.0.0.1:15432/ferretdb")
	dataDir := flag.String("data", ".stack/ferretdb/data", "directory holding the SQLite files (backend sqlite)")
	debugAddr := flag.String("debug-addr", "", "serve Go's /debug/pprof on this address (off when empty)")
	flag.Parse()

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	fail := func(msg string, err error) {
		logger.Error(msg, "err", err)
		os.Exit(1)
	}

	// The embedded package already disables telemetry (it never starts the reporter and locks the state).
	config := &ferretdb.Config{Listener: ferretdb.ListenerConfig{TCP: *listen}, Logger: logger, Handler: *backend}
	where := ""

	switch *backend {
	case "postgresql":
		if *postgresURL == "" {
			fail("flag -postgresql-url is required", nil)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		if err := installGinTwins(ctx, *postgresURL); err != nil {
			fail("install GIN twins", err)
		}
		cancel()
		config.PostgreSQLURL = *postgresURL
		where = *postgresURL
	case "sqlite":
		dir, err := filepath.Abs(*dataDir)
		if err != nil {
			fail("resolve data dir", err)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			fail("create data dir", err)
		}
		config.SQLiteURL = "file:" + dir + "/"
		where = dir
	default:
		fail("flag -backend must be postgresql or sqlite, got "+*backend, nil)
	}

	if *debugAddr != "" {
		// `go tool pprof http://<addr>/debug/pprof/profile?seconds=30`: where FerretDB's CPU goes under load.
		go func() { logger.Warn("debug server ended", "err", http.ListenAndServe(*debugAddr, nil)) }()
	}

	f, err := ferretdb.New(config)
	if err != nil {
		fail("start ferretdb", err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	slog.New(slog.NewTextHandler(os.Stderr, nil)).Info("ferretdb listening", "addr", *listen, "backend", *backend, "storage", where)
	if err := f.Run(ctx); err != nil {
		fail("run ferretdb", err)
	}
}

// installGinTwins runs gin-twins.sql (idempotent), retrying while PostgreSQL is still starting.
func installGinTwins(ctx context.Context, url string) error {
	for {
		conn, err := pgx.Connect(ctx, url)
		if err == nil {
			_, err = conn.Exec(ctx, ginTwinsSQL)
			_ = conn.Close(context.Background())
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(300 * time.Millisecond):
		}
	}
}
