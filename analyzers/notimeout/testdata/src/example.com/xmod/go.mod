module example.com/xmod

go 1.22
