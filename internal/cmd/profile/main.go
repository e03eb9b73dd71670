// Command profile shows where retrylint's analysis time goes, for work on
// its speed: it loads the packages once, as retrylint does, runs the
// analyzers with go/analysis/checker, and prints the time spent loading,
// the time of each analyzer summed over the packages, and the packages on
// which the retry-site model took longest. It can write a CPU profile of
// the analysis alone (loading excluded) and an allocation profile.
//
// Usage, from the module that holds the packages:
//
//	profile [-seq] [-test] [-top N] [-repeat N] [-cpuprofile F] [-memprofile F] packages | list.txt
//
// A single argument ending in .txt is a list of packages, one a line, #
// for comments (testdata/corpus/packages.txt). -seq analyses one package
// at a time, so that per-package times are not shared with others.
// -repeat N analyses the loaded packages N times and prints each run's
// CPU time and allocation and their medians: loading costs far more than
// the analysis, and on a shared machine one run's CPU time is noisy.
//
// scripts/bench.sh measures retrylint against the floor; this command
// says what to look at when the ratio grows, e.g.:
//
//	go build -o /tmp/profile ./internal/cmd/profile
//	cd testdata/corpus && /tmp/profile -seq -cpuprofile /tmp/cpu packages.txt
//	go tool pprof -top -cum /tmp/profile /tmp/cpu
//
// It also prints the memory of the analysis, figures that wall-clock
// timings on a shared machine cannot give: the bytes it allocated, the
// largest heap it reached (sampled every millisecond) and the heap still
// live when it ends (what the checker keeps: every action's Result), each
// next to the live heap of the loaded packages. -floor runs, instead of
// retrylint's analyzers, one that only asks for the inspector (the floor
// of scripts/bench.sh, internal/cmd/noopcheck), for comparison.
//
// CPU times are read with getrusage(2) on Linux (the calling thread's with
// RUSAGE_THREAD); on other systems the command says they are unknown and
// prints the rest (cputime_other.go).
package main

import (
	"bufio"
	"cmp"
	"context"
	"flag"
	"fmt"
	"maps"
	"os"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/retrylint/retrylint/analyzers"
	"github.com/retrylint/retrylint/internal/driver"
	"github.com/retrylint/retrylint/internal/retrysite"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"
)

func main() {
	cpu := flag.String("cpuprofile", "", "write a CPU profile of the analysis to `file`")
	mem := flag.String("memprofile", "", "write an allocation profile to `file`")
	seq := flag.Bool("seq", false, "analyse one package at a time")
	top := flag.Int("top", 12, "list the `n` packages the model took longest on")
	noop := flag.Bool("floor", false, "run the floor (an analyzer that does nothing) instead of retrylint")
	repeat := flag.Int("repeat", 1, "analyse the loaded packages `n` times and print the medians")
	tests := flag.Bool("test", false, "load the packages' tests too, as go vet analyses them")
	flag.Parse()
	as := analyzers.All()
	model := timeModel(retrysite.Analyzer)
	if *noop {
		as = []*analysis.Analyzer{driver.Floor}
		model = timeModel(driver.Floor)
	}
	if err := run(as, model, *cpu, *mem, *seq, *top, *repeat, *tests, flag.Args()); err != nil {
		fmt.Fprintf(os.Stderr, "profile: %v\n", err)
		os.Exit(1)
	}
}

func run(as []*analysis.Analyzer, own *modelTimes, cpu, mem string, seq bool, top, repeat int, tests bool, args []string) error {
	patterns, err := patternsOf(args)
	if err != nil {
		return err
	}
	t0 := time.Now()
	pkgs, err := packages.Load(&packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Tests: tests}, patterns...)
	if err != nil {
		return err
	}
	if packages.PrintErrors(pkgs) > 0 {
		return fmt.Errorf("the packages do not load")
	}
	loaded := time.Since(t0)
	runtime.GC()
	var ms0 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	stop := make(chan struct{})
	peak := make(chan uint64)
	go samplePeak(stop, peak)
	if cpu != "" {
		f, err := os.Create(cpu)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return err
		}
	}
	// With -repeat the packages are analysed several times over the one
	// load: each run's CPU time and allocation is printed and the figures
	// below are the medians (the heap figures are those of the last run).
	var g *checker.Graph
	var cpus, walls []time.Duration
	var allocs []uint64
	for i := range max(repeat, 1) {
		if i > 0 {
			runtime.GC()
		}
		var before runtime.MemStats
		runtime.ReadMemStats(&before)
		t1 := time.Now()
		cpu0 := cpuTime()
		g, err = checker.Analyze(as, pkgs, &checker.Options{Sequential: seq})
		walls = append(walls, time.Since(t1))
		cpus = append(cpus, cpuTime()-cpu0)
		if err != nil {
			break
		}
		var after runtime.MemStats
		runtime.ReadMemStats(&after)
		allocs = append(allocs, after.TotalAlloc-before.TotalAlloc)
		own.next()
		if repeat > 1 {
			fmt.Printf("run %d: analysis %v, CPU %s, allocated %d MB\n", i+1, walls[i].Round(time.Millisecond), cpuText(cpus[i]), mb(allocs[i]))
		}
	}
	analysed, cpuUsed := median(walls), median(cpus)
	if cpu != "" {
		pprof.StopCPUProfile()
	}
	close(stop)
	peakHeap := <-peak
	if err != nil {
		return err
	}
	// The allocation profile holds what was allocated up to the last
	// garbage collection: one now counts the analysis whole.
	runtime.GC()
	var ms1 runtime.MemStats
	runtime.ReadMemStats(&ms1)
	allocated := ms1.TotalAlloc - ms0.TotalAlloc
	if len(allocs) > 1 {
		allocated = median(allocs)
	}
	if mem != "" {
		f, err := os.Create(mem)
		if err != nil {
			return err
		}
		defer f.Close()
		if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
			return err
		}
	}

	byAnalyzer := make(map[string]time.Duration)
	type pkgTime struct {
		path string
		d    time.Duration
	}
	var model []pkgTime
	for act := range g.All() {
		byAnalyzer[act.Analyzer.Name] += act.Duration
		if act.Analyzer == retrysite.Analyzer {
			model = append(model, pkgTime{act.Package.PkgPath, act.Duration})
		}
		if act.Err != nil {
			fmt.Printf("error: %s on %s: %v\n", act.Analyzer.Name, act.Package.PkgPath, act.Err)
		}
	}
	fmt.Printf("%d packages: load %v, analysis %v (CPU %s, garbage collection included)\n", len(pkgs), loaded.Round(time.Millisecond), analysed.Round(time.Millisecond), cpuText(cpuUsed))
	if haveCPUTime {
		fmt.Printf("%s: CPU of its Run alone, summed over the packages: %v (each package's median over the runs), %v (each one's fastest run)\n",
			own.name, own.sum(median).Round(time.Millisecond), own.sum(slices.Min).Round(time.Millisecond))
	}
	fmt.Printf("heap: %d MB live after loading; the analysis allocated %d MB, reached %d MB (+%d), left %d MB live (+%d)\n",
		mb(ms0.HeapAlloc), mb(allocated), mb(peakHeap), mb(peakHeap)-mb(ms0.HeapAlloc),
		mb(ms1.HeapAlloc), mb(ms1.HeapAlloc)-mb(ms0.HeapAlloc))
	runtime.KeepAlive(pkgs)
	names := slices.SortedFunc(maps.Keys(byAnalyzer), func(a, b string) int { return cmp.Compare(byAnalyzer[b], byAnalyzer[a]) })
	for _, name := range names {
		fmt.Printf("  %-14s %v\n", name, byAnalyzer[name].Round(time.Microsecond))
	}
	slices.SortFunc(model, func(a, b pkgTime) int { return cmp.Compare(b.d, a.d) })
	fmt.Printf("retrysite, slowest packages:\n")
	for _, p := range model[:min(top, len(model))] {
		fmt.Printf("  %8v %s\n", p.d.Round(time.Millisecond), p.path)
	}
	return nil
}

// patternsOf returns the package patterns of the command line, reading a
// list file when that is the one argument.
func patternsOf(args []string) ([]string, error) {
	if len(args) != 1 || !strings.HasSuffix(args[0], ".txt") {
		if len(args) == 0 {
			return nil, fmt.Errorf("no packages given")
		}
		return args, nil
	}
	f, err := os.Open(args[0])
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var patterns []string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" && !strings.HasPrefix(l, "#") {
			patterns = append(patterns, l)
		}
	}
	return patterns, sc.Err()
}

func mb(n uint64) int64 { return int64(n >> 20) }

// median returns the median of xs (the upper one of an even count).
func median[T cmp.Ordered](xs []T) T {
	if len(xs) == 0 {
		var zero T
		return zero
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	return s[len(s)/2]
}

// samplePeak sends on peak the largest heap (live and not yet collected
// objects) seen every millisecond until stop closes.
func samplePeak(stop <-chan struct{}, peak chan<- uint64) {
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var hi uint64
	t := time.NewTicker(time.Millisecond)
	defer t.Stop()
	for {
		metrics.Read(sample)
		hi = max(hi, sample[0].Value.Uint64())
		select {
		case <-stop:
			peak <- hi
			return
		case <-t.C:
		}
	}
}

// modelTimes holds the CPU time of one analyzer's Run on each package,
// per run of the analysis: the time of the thread that runs it, which a
// loaded machine, other analyzers and the garbage collector's workers do
// not add to (timeModel).
type modelTimes struct {
	name string
	mu   sync.Mutex
	runs []map[string]time.Duration // by run, by package
	cur  map[string]time.Duration
}

// timeModel wraps a's Run so that the CPU time of each call is recorded.
func timeModel(a *analysis.Analyzer) *modelTimes {
	t := &modelTimes{name: a.Name, cur: make(map[string]time.Duration)}
	run := a.Run
	a.Run = func(pass *analysis.Pass) (any, error) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		t0 := threadTime()
		var res any
		var err error
		// The package's path labels the CPU profile's samples
		// (go tool pprof -tagfocus pkg=...).
		pprof.Do(context.Background(), pprof.Labels("pkg", pass.Pkg.Path()), func(context.Context) {
			res, err = run(pass)
		})
		d := threadTime() - t0
		t.mu.Lock()
		t.cur[pass.Pkg.Path()] += d
		t.mu.Unlock()
		return res, err
	}
	return t
}

// next ends a run of the analysis.
func (t *modelTimes) next() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.runs = append(t.runs, t.cur)
	t.cur = make(map[string]time.Duration)
}

// sum returns the sum over the packages of pick of each package's times.
func (t *modelTimes) sum(pick func([]time.Duration) time.Duration) time.Duration {
	t.mu.Lock()
	defer t.mu.Unlock()
	byPkg := make(map[string][]time.Duration)
	for _, r := range t.runs {
		for p, d := range r {
			byPkg[p] = append(byPkg[p], d)
		}
	}
	var total time.Duration
	for _, ds := range byPkg {
		total += pick(ds)
	}
	return total
}

// cpuText prints a CPU time, or says it is unknown where the command
// cannot read it (cputime_other.go).
func cpuText(d time.Duration) string {
	if !haveCPUTime {
		return "unknown on " + runtime.GOOS
	}
	return d.Round(time.Millisecond).String()
}
