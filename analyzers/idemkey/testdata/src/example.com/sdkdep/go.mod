module example.com/sdkdep

go 1.22
