module example.com/xother

go 1.22
