package knowledge

import "time"

// aws-sdk-go-v2: the retryer and the config options that set it.
var AWS = &Library{
	Name:     "aws-sdk-go-v2 retry",
	Module:   "github.com/aws/aws-sdk-go-v2",
	Versions: "v1.47.7",
	Paths:    []string{"github.com/aws/aws-sdk-go-v2/aws/retry", "github.com/aws/aws-sdk-go-v2/aws", "github.com/aws/aws-sdk-go-v2/config"},
	Waits:    awsWaits,
	Outcomes: awsOutcomes,
	Entries: []Entry{
		Config("NewStandard", 0),
		Config("NewAdaptiveMode", 0),
		Config("AddWithMaxAttempts", 0),
		Config("AddWithErrorCodes", 0),
		{Func: "WithRetryMaxAttempts", Path: "github.com/aws/aws-sdk-go-v2/config", Op: -1, CfgFrom: 0},
	},
	Bound: BoundTable{
		Groups: [][]Count{
			{{Setting: "AddWithMaxAttempts", Arg: 1, Attempts: true, ZeroUnbounded: true}},
			{
				// NewStandard and the config replace 0 with the
				// default, 3 attempts.
				{Setting: "MaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
				{Setting: "WithRetryMaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
				{Setting: "RetryMaxAttempts", Attempts: true, NonPositive: &Fixed{2, "%s %d means aws's default 3 attempts = 2 retries"}},
			},
		},
		Defaults: []DefaultBound{{NotOpaque: true, Fixed: &Fixed{2, "aws-sdk-go-v2's default 3 attempts = 2 retries"}}},
	},
	// github.com/aws/aws-sdk-go-v2@v1.47.7/aws/retry/standard.go:29-37
	// (DefaultMaxAttempts 3, DefaultMaxBackoff 20s, full-jitter
	// exponential backoff, DefaultRetryRateTokens 500).
	Defaults: Defaults{
		Attempts:   3,
		Initial:    time.Second,
		Max:        20 * time.Second,
		Multiplier: 2,
		Jitter:     1,
		Retries:    "throttling and transient error codes, 500/502/503/504, connection errors",
	},
	Advice: Advice{Stop: "remove them from the retryable error and status codes"},
}

// awsWaits (SpreadWaits): the standard retryer's Backoff is
// NewExponentialJitterBackoff(maxBackoff) unless replaced: each wait
// drawn from [0, min(maxBackoff, 2^attempt s)), full jitter
// (github.com/aws/aws-sdk-go-v2@v1.47.7/aws/retry/jitter_backoff.go).
var awsWaits = &WaitVocab{
	Model: SpreadWaits,
	Funcs: &WaitFuncs{
		Setting: []string{"Backoff"},
		Kinds:   map[string]WaitKind{"NewExponentialJitterBackoff": awsFullJitter},
	},
	Default: &awsFullJitter,
}

var awsFullJitter = WaitKind{Shape: KindFullJitter, At: AtSite, Desc: "full jitter (aws ExponentialJitterBackoff)"}

// awsOutcomes: AddWithErrorCodes and the RetryableErrorCode and
// RetryableHTTPStatusCode retryables add codes to the defaults (which
// R-4 allows) (aws/retry/retryable_error.go, standard.go).
var awsOutcomes = &OutcomeVocab{
	Model:     DecidedOutcomes,
	Union:     true,
	NamesDesc: "aws retryable codes ",
	Codes: []CodeSetting{{Setting: "AddWithErrorCodes", Kind: CodeNames, From: 1},
		{Setting: "Retryables", Kind: CodeLiterals, Types: []string{"RetryableHTTPStatusCode", "RetryableErrorCode"}}},
	ErrorCodes: awsErrorStatus,
}

// awsErrorStatus maps well-known AWS error codes that R-4 forbids
// retrying to the HTTP status AWS returns them with (the AWS API
// references' Common Errors and each service's error list). Unknown
// codes are not mapped (the model stays silent about them).
var awsErrorStatus = map[string]int{}

func init() {
	for status, codes := range map[int][]string{
		400: {"ValidationException", "ValidationError", "InvalidParameterValue", "InvalidParameterValueException",
			"InvalidParameterException", "InvalidParameterCombination", "InvalidRequest", "InvalidRequestException",
			"BadRequestException", "MalformedPolicyDocument", "SerializationException", "InvalidArgument",
			"MissingParameter", "ConditionalCheckFailedException"},
		401: {"UnauthorizedException", "NotAuthorizedException"},
		403: {"AccessDenied", "AccessDeniedException", "UnrecognizedClientException", "InvalidClientTokenId",
			"InvalidSignatureException", "SignatureDoesNotMatch", "MissingAuthenticationToken",
			"ExpiredToken", "ExpiredTokenException", "AuthFailure", "OptInRequired"},
		404: {"ResourceNotFoundException", "NotFoundException", "NoSuchKey", "NoSuchBucket", "NoSuchEntity", "NotFound"},
		409: {"ConflictException", "ResourceConflictException", "ResourceInUseException", "BucketAlreadyExists", "AlreadyExistsException"},
		422: {"UnprocessableEntityException"},
	} {
		for _, c := range codes {
			awsErrorStatus[c] = status
		}
	}
}
