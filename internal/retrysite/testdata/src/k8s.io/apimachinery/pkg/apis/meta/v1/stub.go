// Package v1 is a stub of k8s.io/apimachinery/pkg/apis/meta/v1 for analysistest (GOPATH mode).
// Signatures are copied from k8s.io/apimachinery@v0.37.2; only the API around retries is
// kept, and bodies return zero values.
package v1

const CauseTypeFieldManagerConflict CauseType = "FieldManagerConflict"
const CauseTypeFieldValueDuplicate CauseType = "FieldValueDuplicate"
const CauseTypeFieldValueInvalid CauseType = "FieldValueInvalid"
const CauseTypeFieldValueNotFound CauseType = "FieldValueNotFound"
const CauseTypeFieldValueNotSupported CauseType = "FieldValueNotSupported"
const CauseTypeFieldValueRequired CauseType = "FieldValueRequired"
const CauseTypeForbidden CauseType = "FieldValueForbidden"
const CauseTypeInternal CauseType = "InternalError"
const CauseTypeResourceVersionTooLarge CauseType = "ResourceVersionTooLarge"
const CauseTypeTooLong CauseType = "FieldValueTooLong"
const CauseTypeTooMany CauseType = "FieldValueTooMany"
const CauseTypeTypeInvalid CauseType = "FieldValueTypeInvalid"
const CauseTypeUnexpectedServerResponse CauseType = "UnexpectedServerResponse"
const StatusFailure = "Failure"
const StatusReasonAlreadyExists StatusReason = "AlreadyExists"
const StatusReasonBadRequest StatusReason = "BadRequest"
const StatusReasonConflict StatusReason = "Conflict"
const StatusReasonExpired StatusReason = "Expired"
const StatusReasonForbidden StatusReason = "Forbidden"
const StatusReasonGone StatusReason = "Gone"
const StatusReasonInternalError StatusReason = "InternalError"
const StatusReasonInvalid StatusReason = "Invalid"
const StatusReasonMethodNotAllowed StatusReason = "MethodNotAllowed"
const StatusReasonNotAcceptable StatusReason = "NotAcceptable"
const StatusReasonNotFound StatusReason = "NotFound"
const StatusReasonRequestEntityTooLarge StatusReason = "RequestEntityTooLarge"
const StatusReasonServerTimeout StatusReason = "ServerTimeout"
const StatusReasonServiceUnavailable StatusReason = "ServiceUnavailable"
const StatusReasonStoreReadError StatusReason = "StorageReadError"
const StatusReasonTimeout StatusReason = "Timeout"
const StatusReasonTooManyRequests StatusReason = "TooManyRequests"
const StatusReasonUnauthorized StatusReason = "Unauthorized"
const StatusReasonUnknown StatusReason = ""
const StatusReasonUnsupportedMediaType StatusReason = "UnsupportedMediaType"
const StatusSuccess = "Success"

type CauseType string

type Status struct {
	Status  string
	Message string
	Reason  StatusReason
	Details *StatusDetails
	Code    int32
}

func (this *Status) String() string { return "" }

type StatusCause struct {
	Type    CauseType
	Message string
	Field   string
}

type StatusDetails struct {
	Name              string
	Group             string
	Kind              string
	Causes            []StatusCause
	RetryAfterSeconds int32
}

type StatusReason string
