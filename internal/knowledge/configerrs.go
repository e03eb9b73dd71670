package knowledge

// Classifiers of errors no retry can fix: functions that tell an
// invalid configuration or a serialization error (R-4's "Other" column:
// non-retryable), by package path and name, with what they tell.
//
// k8s.io/apimachinery@v0.37.2/pkg/runtime/error.go: IsNotRegisteredError
// reports that a Go type or a kind is not registered in the scheme (a
// scheme built without the type's AddToScheme: the program's
// configuration), IsMissingKind and IsMissingVersion that serialized
// data carries no kind or no version (a serialization error). Waiting
// does not change either. meta.IsNoMatchError (a kind the API server
// does not serve yet, a CRD still being installed) and the apierrors
// status classifiers are not here: a poll may wait for those to change.
var configErrorClasses = map[string]string{
	PathK8sRuntime + ".IsNotRegisteredError": "an invalid configuration error",
	PathK8sRuntime + ".IsMissingKind":        "a serialization error",
	PathK8sRuntime + ".IsMissingVersion":     "a serialization error",
}

// PathK8sRuntime is the import path of apimachinery's runtime package.
const PathK8sRuntime = "k8s.io/apimachinery/pkg/runtime"

// ConfigErrorClass returns what the classifier path.name tells, when it
// tells an error no retry can fix, or "".
func ConfigErrorClass(path, name string) string { return configErrorClasses[path+"."+name] }
