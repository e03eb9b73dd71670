package reflectwalk

import (
	"net/http"
	"net/url"
	"reflect"
	"time"
)

// A reflective walk of a struct (k8s apimachinery's queryparams
// convertStruct): a field the custom marshaler cannot encode is walked
// into, its type and value parts of the parameters. No retry.

type Marshaler interface {
	MarshalQueryParameter() (string, error)
}

func customMarshalValue(v reflect.Value) (reflect.Value, bool) {
	m, ok := v.Interface().(Marshaler)
	if !ok {
		return reflect.Value{}, false
	}
	s, err := m.MarshalQueryParameter()
	if err != nil {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(s), true
}

func convertStruct(result url.Values, st reflect.Type, sv reflect.Value) {
	for i := 0; i < st.NumField(); i++ {
		field := sv.Field(i)
		ft := field.Type()
		if ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
			if !field.IsNil() {
				field = reflect.Indirect(field)
			}
		}
		if ft.Kind() != reflect.Struct {
			continue
		}
		if v, ok := customMarshalValue(field); ok {
			result.Add(st.Field(i).Name, v.String())
		} else {
			convertStruct(result, ft, field)
		}
	}
}

// Still a retry: the same value sent again after a failure.
func sendAgain(c *http.Client, sv reflect.Value, n int) error { // want `recursion ctx=sync bound=\?`
	resp, err := c.PostForm("https://example.com/items", url.Values{"v": {sv.String()}})
	if err == nil {
		return resp.Body.Close()
	}
	if n == 0 {
		return err
	}
	time.Sleep(time.Second) // want `R-1: recursive retry of c.PostForm \(POST\) waits a fixed 1s`
	return sendAgain(c, sv, n-1)
}
