package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"sort"
	"strings"
	"time"

	"github.com/retrylint/retrylint/analyzers"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func main() {
	cpu := flag.String("cpuprofile", "", "")
	mem := flag.String("memprofile", "", "")
	seq := flag.Bool("seq", false, "")
	flag.Parse()
	var pats []string
	if flag.NArg() == 1 && strings.HasSuffix(flag.Arg(0), ".txt") {
		f, _ := os.Open(flag.Arg(0))
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			l := strings.TrimSpace(sc.Text())
			if l != "" && !strings.HasPrefix(l, "#") {
				pats = append(pats, l)
			}
		}
	} else {
		pats = flag.Args()
	}
	t0 := time.Now()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule}, pats...)
	if err != nil {
		panic(err)
	}
	t1 := time.Now()
	if *cpu != "" {
		f, _ := os.Create(*cpu)
		pprof.StartCPUProfile(f)
	}
	g, err := checker.Analyze(analyzers.All(), pkgs, &checker.Options{Sequential: *seq})
	if err != nil {
		panic(err)
	}
	t2 := time.Now()
	if *cpu != "" {
		pprof.StopCPUProfile()
	}
	if *mem != "" {
		f, _ := os.Create(*mem)
		pprof.Lookup("allocs").WriteTo(f, 0)
	}
	dur := map[string]time.Duration{}
	type pd struct {
		p string
		d time.Duration
	}
	var per []pd
	for act := range g.All() {
		dur[act.Analyzer.Name] += act.Duration
		if act.Analyzer.Name == "retrysite" {
			per = append(per, pd{act.Package.PkgPath, act.Duration})
		}
		if act.Err != nil {
			fmt.Println("ERR", act.Err)
		}
	}
	_ = analysis.Analyzer{}
	fmt.Printf("load %v analyze %v\n", t1.Sub(t0), t2.Sub(t1))
	for k, v := range dur {
		fmt.Printf("  %-14s %v\n", k, v)
	}
	sort.Slice(per, func(i, j int) bool { return per[i].d > per[j].d })
	for i := 0; i < len(per) && i < 12; i++ {
		fmt.Printf("  %8v %s\n", per[i].d.Round(time.Millisecond), per[i].p)
	}
}
