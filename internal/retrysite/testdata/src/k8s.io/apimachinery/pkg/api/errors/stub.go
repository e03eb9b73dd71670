// Package errors is a stub of k8s.io/apimachinery/pkg/api/errors for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/apimachinery@v0.37.2; only the API around retries is
// kept, and bodies return zero values.
package errors

import (
	"k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

type APIStatus interface {
	Status() v1.Status
}

type StatusError struct {
	ErrStatus v1.Status
}

func (e *StatusError) Error() string { return "" }

func (e *StatusError) Status() v1.Status { return v1.Status{} }

func (e *StatusError) DebugError() (string, []interface{}) { return "", nil }

func IsAlreadyExists(err error) bool { return false }

func IsBadRequest(err error) bool { return false }

func IsConflict(err error) bool { return false }

func IsForbidden(err error) bool { return false }

func IsGone(err error) bool { return false }

func IsInternalError(err error) bool { return false }

func IsInvalid(err error) bool { return false }

func IsMethodNotSupported(err error) bool { return false }

func IsNotAcceptable(err error) bool { return false }

func IsNotFound(err error) bool { return false }

func IsRequestEntityTooLargeError(err error) bool { return false }

func IsResourceExpired(err error) bool { return false }

func IsServerTimeout(err error) bool { return false }

func IsServiceUnavailable(err error) bool { return false }

func IsStoreReadError(err error) bool { return false }

func IsTimeout(err error) bool { return false }

func IsTooManyRequests(err error) bool { return false }

func IsUnauthorized(err error) bool { return false }

func IsUnexpectedServerError(err error) bool { return false }

func IsUnsupportedMediaType(err error) bool { return false }

func NewAlreadyExists(qualifiedResource schema.GroupResource, name string) *StatusError { return nil }

func NewBadRequest(reason string) *StatusError { return nil }

func NewConflict(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return nil
}

func NewForbidden(qualifiedResource schema.GroupResource, name string, err error) *StatusError {
	return nil
}

func NewGenerateNameConflict(qualifiedResource schema.GroupResource, name string, retryAfterSeconds int) *StatusError {
	return nil
}

func NewGenericServerResponse(code int, verb string, qualifiedResource schema.GroupResource, name string, serverMessage string, retryAfterSeconds int, isUnexpectedResponse bool) *StatusError {
	return nil
}

func NewGone(message string) *StatusError { return nil }

func NewInternalError(err error) *StatusError { return nil }

func NewMethodNotSupported(qualifiedResource schema.GroupResource, action string) *StatusError {
	return nil
}

func NewNotFound(qualifiedResource schema.GroupResource, name string) *StatusError { return nil }

func NewRequestEntityTooLargeError(message string) *StatusError { return nil }

func NewResourceExpired(message string) *StatusError { return nil }

func NewServerTimeout(qualifiedResource schema.GroupResource, operation string, retryAfterSeconds int) *StatusError {
	return nil
}

func NewServiceUnavailable(reason string) *StatusError { return nil }

func NewTimeoutError(message string, retryAfterSeconds int) *StatusError { return nil }

func NewTooManyRequests(message string, retryAfterSeconds int) *StatusError { return nil }

func NewTooManyRequestsError(message string) *StatusError { return nil }

func NewUnauthorized(reason string) *StatusError { return nil }

func ReasonForError(err error) v1.StatusReason { return v1.StatusReason("") }

func SuggestsClientDelay(err error) (int, bool) { return 0, false }
