module example.com/verdict

go 1.22
