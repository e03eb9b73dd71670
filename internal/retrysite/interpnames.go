package retrysite

// The value interpreter's names (package interp) under the names the
// model's code has always used for them.

import (
	"github.com/retrylint/retrylint/internal/retrysite/interp"
	"github.com/retrylint/retrylint/internal/retrysite/report"
	"github.com/retrylint/retrylint/internal/retrysite/valueindex"
)

func boolVal(b bool) value                      { return interp.BoolVal(b) }
func chooseBound(s *Site, opts *report.Options) { valueindex.ChooseBound(s, opts) }

type env = interp.Env

func errClassScenario(c int64) scenario { return interp.ErrClassScenario(c) }

func errorScenario() scenario { return interp.ErrorScenario() }

type evaluator = interp.Evaluator
type funcInfo = interp.FuncInfo

type reachGoal = interp.ReachGoal

const goalAgain = interp.GoalAgain
const goalFree = interp.GoalFree
const goalFreeFailover = interp.GoalFreeFailover

func intVal(i int64) value { return interp.IntVal(i) }

type nodeRef = interp.NodeRef
type perturbation = interp.Perturbation
type reachResult = interp.ReachResult

type scenario = interp.Scenario
type scope = interp.Scope

func statusScenario(code int) scenario { return interp.StatusScenario(code) }

const vBool = interp.VBool
const vInt = interp.VInt

type value = interp.Value
