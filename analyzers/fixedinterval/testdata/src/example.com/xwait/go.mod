module example.com/xwait

go 1.24
