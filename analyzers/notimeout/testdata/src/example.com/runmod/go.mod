module example.com/runmod

go 1.22
