package knowledge

// A RequestVocab is a library's vocabulary of HTTP requests.
type RequestVocab struct{}
