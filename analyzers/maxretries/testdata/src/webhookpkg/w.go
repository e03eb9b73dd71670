// Package webhookpkg delivers webhooks.
//
//retrylint:context webhook
package webhookpkg

var deliver func() error

func twoRetries() error {
	for i := 0; i < 3; i++ { // want `R-2: retry loop makes 3 attempts = 2 retries, outside the 3-8 retries allowed for a webhook delivery; use 5 retries`
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}

func eightRetries() error {
	for i := 0; i < 9; i++ { // 8 retries: allowed for webhooks
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}

//retrylint:context sync
func syncInWebhookPackage() error {
	for i := 0; i < 9; i++ { // want `outside the 1-5 retries allowed for a synchronous API call`
		if err := deliver(); err == nil {
			return nil
		}
	}
	return nil
}
