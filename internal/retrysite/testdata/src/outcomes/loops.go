package outcomes

import (
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"slices"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
)

var client = &http.Client{Timeout: 10 * time.Second}

func get(req *http.Request) (*http.Response, error) { return client.Do(req) }

// Not200 retries every status but 200.
func not200(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[201 204 301 302 304 400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := get(req)
		if err != nil || resp.StatusCode != 200 {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func atLeast400(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := get(req)
		if err == nil && resp.StatusCode < 400 {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// Compliant: 4xx returns, 5xx, 408 and 429 retry.
func only5xx(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[408 429 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := get(req)
		if err != nil {
			time.Sleep(time.Second)
			continue
		}
		if resp.StatusCode >= 500 || resp.StatusCode == 408 || resp.StatusCode == 429 {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func shouldRetry(code int) bool {
	return code == http.StatusTooManyRequests || code >= 500
}

func isRetryable(resp *http.Response) bool {
	return resp.StatusCode != http.StatusOK
}

func helperPredicate(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[429 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := get(req)
		if err == nil && !shouldRetry(resp.StatusCode) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func helperRespPredicate(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[201 204 301 302 304 400 401 403 404 405 406 408 409 410 413 415 418 422 425 429 451 500 501 502 503 504 505\] grpc=\[\]`
		resp, err := get(req)
		if err == nil && !isRetryable(resp) {
			return resp, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

var retryableStatus = map[int]bool{
	http.StatusRequestTimeout:     true,
	http.StatusTooManyRequests:    true,
	http.StatusBadGateway:         true,
	http.StatusServiceUnavailable: true,
	http.StatusNotFound:           true,
}

func mapOfCodes(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[404 408 429 502 503\] grpc=\[\]`
		resp, err := get(req)
		if err != nil {
			return nil, err
		}
		if !retryableStatus[resp.StatusCode] {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func sliceOfCodes(req *http.Request) (*http.Response, error) {
	codes := []int{409, 503}
	for i := 0; i < 3; i++ { // want `retried http=\[409 503\] grpc=\[\]`
		resp, err := get(req)
		if err != nil {
			return nil, err
		}
		if slices.Contains(codes, resp.StatusCode) {
			time.Sleep(time.Second)
			continue
		}
		return resp, nil
	}
	return nil, errors.New("gave up")
}

func switchFallthrough(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[401 429 503\] grpc=\[\]`
		resp, err := get(req)
		if err != nil {
			return nil, err
		}
		switch resp.StatusCode {
		case http.StatusUnauthorized:
			fallthrough
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			time.Sleep(time.Second)
			continue
		default:
			return resp, nil
		}
	}
	return nil, errors.New("gave up")
}

// An unknown helper: the model cannot tell whether a success leads
// back; not a site.
func unknownHelper(req *http.Request, check func(*http.Response) bool) (*http.Response, error) {
	for i := 0; i < 3; i++ {
		resp, err := get(req)
		if err == nil && check(resp) {
			return resp, nil
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// gRPC.

// call is a remote call (a function value: the model cannot see what
// it does, so it may cross an integration boundary).
var call func(ctx context.Context) error

func grpcCodeNotInvalid(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[CANCELLED UNKNOWN DEADLINE_EXCEEDED NOT_FOUND ALREADY_EXISTS PERMISSION_DENIED RESOURCE_EXHAUSTED FAILED_PRECONDITION ABORTED OUT_OF_RANGE UNIMPLEMENTED INTERNAL UNAVAILABLE DATA_LOSS UNAUTHENTICATED\]`
		err = call(ctx)
		if err == nil || status.Code(err) == codes.InvalidArgument {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

func grpcFromError(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[DEADLINE_EXCEEDED RESOURCE_EXHAUSTED ABORTED UNAVAILABLE\]`
		err = call(ctx)
		if err == nil {
			return nil
		}
		st, ok := status.FromError(err)
		if !ok {
			return err
		}
		switch st.Code() {
		case codes.Unavailable, codes.DeadlineExceeded, codes.ResourceExhausted, codes.Aborted:
			time.Sleep(time.Second)
		default:
			return err
		}
	}
	return err
}

var retryableCodes = []codes.Code{codes.Unavailable, codes.NotFound}

func grpcSlice(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[NOT_FOUND UNAVAILABLE\]`
		err = call(ctx)
		if err == nil {
			return nil
		}
		if !slices.Contains(retryableCodes, status.Code(err)) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// A bare error check retries every error alike: not listed.
func bareErr(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		if err = call(ctx); err == nil {
			return nil
		}
		time.Sleep(time.Second)
	}
	return err
}

// Kubernetes API errors.

func k8sNotFound(ctx context.Context) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[404\] grpc=\[\]`
		err = call(ctx)
		if !apierrors.IsNotFound(err) {
			return err
		}
		time.Sleep(time.Second)
	}
	return err
}

// TLS.

func netErrorRetry(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\] cert`
		resp, err := get(req)
		if err == nil {
			return resp, nil
		}
		var ne net.Error
		if !errors.As(err, &ne) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func timeoutOnly(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		resp, err := get(req)
		if err == nil {
			return resp, nil
		}
		if ne, ok := err.(net.Error); !ok || !ne.Timeout() {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

func certExcluded(req *http.Request) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		resp, err := get(req)
		if err == nil {
			return resp, nil
		}
		var ua x509.UnknownAuthorityError
		if errors.As(err, &ua) {
			return nil, err
		}
		var ne net.Error
		if !errors.As(err, &ne) {
			return nil, err
		}
		time.Sleep(time.Second)
	}
	return nil, errors.New("gave up")
}

// An immediately called literal decides from the response it captures:
// what it returns for a 4xx is unknown, so no status is certain.
func iife(req *http.Request, next func(*http.Response) bool) (*http.Response, error) {
	for i := 0; i < 3; i++ { // want `retried http=\[\] grpc=\[\]`
		resp, err := get(req)
		if err != nil {
			return nil, err
		}
		if resp.StatusCode >= 200 && resp.StatusCode < 300 {
			return resp, nil
		}
		done, derr := func() (bool, error) {
			if next(resp) {
				return false, nil
			}
			return true, fmt.Errorf("status %d", resp.StatusCode)
		}()
		if done {
			return nil, derr
		}
	}
	return nil, errors.New("gave up")
}

type object struct{ name string }

func (o *object) SetName(n string) { o.name = n }

var create func(ctx context.Context, o *object) error

// A name collision retried under a fresh name is a new request: a
// search for a free name, no site (notretry candidates.go).
func generateName(ctx context.Context, o *object, names []string) error {
	var err error
	for i := 0; i < 3; i++ {
		o.SetName(fmt.Sprint("x-", i))
		err = create(ctx, o)
		if err == nil || !apierrors.IsAlreadyExists(err) {
			return err
		}
	}
	return err
}

// Only "already exists" goes back: repeated unchanged the create could
// never succeed, so the operation itself draws a new name (apiserver's
// createWithGenerateNameRetry): a search, no site (candidates.go).
func sameName(ctx context.Context, o *object) error {
	var err error
	for i := 0; i < 3; i++ {
		err = create(ctx, o)
		if err == nil || !apierrors.IsAlreadyExists(err) {
			return err
		}
	}
	return err
}

// A conflict (an update that lost a race) is retried: a site.
func conflictRetried(ctx context.Context, o *object) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[409\] grpc=\[\]`
		err = create(ctx, o)
		if err == nil || !apierrors.IsConflict(err) {
			return err
		}
	}
	return err
}

// "Already exists" among other outcomes that go back: a retry.
func existsOrUnavailable(ctx context.Context, o *object) error {
	var err error
	for i := 0; i < 3; i++ { // want `retried http=\[409 503\] grpc=\[\]`
		err = create(ctx, o)
		if err == nil || !(apierrors.IsAlreadyExists(err) || apierrors.IsServiceUnavailable(err)) {
			return err
		}
	}
	return err
}

// The same search written with continue: no site.
func existsContinue(ctx context.Context, o *object) error {
	for i := 0; i < 3; i++ {
		err := create(ctx, o)
		if apierrors.IsAlreadyExists(err) {
			continue
		}
		return err
	}
	return errors.New("no free name")
}
