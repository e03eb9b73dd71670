module example.com/sdkuser

go 1.22
