module example.com/depuser

go 1.24

require example.com/depmod v0.1.0
