module example.com/depmod

go 1.24
