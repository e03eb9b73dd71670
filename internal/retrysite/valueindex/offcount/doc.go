// Package offcount reads, in the code of one package, the counts the
// package ships switched off, for the value index (package valueindex,
// whose offcount.go asks it and keeps the answers with the index's
// defaults).
//
// An integer count the package ships at zero and reads as "off": an
// exported integer field of a configuration struct (Consumer.Retry.Max)
// that no code of the package gives a value (the user sets it directly,
// or leaves it at zero) and whose every read the package makes tests it
// against zero as a switch: `max > 0`, `max != 0` (or `< 0` in a
// validation), directly or through the local it is copied into (`if max
// := cfg.Max; max > 0 && n >= max`). The package says in its code what a
// pointer count says in its type (valueindex's offcount.go): zero is not
// a number of attempts but "unset". With the package's default the
// switch is off, so the count never stops the loop; the value is 0 and
// the default is noted for the finding ("its count,
// Config.Consumer.Retry.Max, is 0 unless the user sets it: no limit").
// SwitchRead finds the reads; the index decides from its writes that the
// package gives the field nothing but zero (valueindex's zeroCountOnce).
//
// Anything else keeps the field unknown, as valueindex's values.go keeps
// a field with no default of its own: an unexported field (only the
// package sets it, and it sets it nowhere: a dead setting), a field the
// package writes anything but zero (a default, a constructor's or an
// option's argument), and a field read once as a number without the test
// (`for i := 0; i <= cfg.MaxRetries; i++`: 0 is then a count the user is
// meant to set) or tested `== 0` / `<= 0` (a default substituted, or a
// value refused).
//
// It also names such a field from the configuration struct it is reached
// from (ConfigPath), finds the composite literal a pointer count's nil
// default is written in (LiteralAt), and says whether an expression is the
// constant 0 or nil (IsZeroOrNil, the index's isZeroOrNil).
//
// It imports no package of the model: it reads the files and type
// information it is given. Its cases are in the model's tests
// (retrysite's TestOffZero, example.com/offzero).
package offcount
