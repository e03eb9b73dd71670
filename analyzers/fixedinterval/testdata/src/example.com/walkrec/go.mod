module example.com/walkrec

go 1.26
