module example.com/retryexample

go 1.24
