module example.com/xdeep

go 1.22
