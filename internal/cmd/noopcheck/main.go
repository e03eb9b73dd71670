// Command noopcheck is the floor of retrylint's benchmark (scripts/bench.sh):
// one analyzer that requires inspect.Analyzer, as retrylint's model does,
// and reports nothing. Its cost is the cost of loading, parsing and
// type-checking the packages and building the inspector, which every
// go/analysis tool pays; retrylint's own cost is what it takes on top.
//
// It loads packages exactly as retrylint does (internal/driver: go/packages
// and go/analysis/checker), and like retrylint it is a go vet tool when go
// vet runs it (-flags, -V=full, or a *.cfg argument), so that both ways of
// running retrylint have a floor to compare with.
//
// Usage:
//
//	noopcheck [-test=false] packages
//	go vet -vettool=$(which noopcheck) packages
package main

import (
	"flag"
	"os"
	"strings"

	"github.com/retrylint/retrylint/internal/driver"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/unitchecker"
)

func main() {
	args := os.Args[1:]
	if vetMode(args) {
		unitchecker.Main(driver.Floor)
	}
	fs := flag.NewFlagSet("noopcheck", flag.ExitOnError)
	tests := fs.Bool("test", true, "analyze the packages' test files too")
	_ = fs.Parse(args)
	os.Exit(driver.Run(driver.Config{
		Analyzers: []*analysis.Analyzer{driver.Floor},
		Patterns:  fs.Args(),
		Tests:     *tests,
		Format:    driver.Text,
	}))
}

// vetMode reports whether go vet runs noopcheck as its tool.
func vetMode(args []string) bool {
	for _, a := range args {
		if a == "-flags" || a == "--flags" || strings.HasPrefix(a, "-V") || strings.HasPrefix(a, "--V") {
			return true
		}
	}
	return len(args) > 0 && strings.HasSuffix(args[len(args)-1], ".cfg")
}
