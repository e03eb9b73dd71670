module example.com/runuser

go 1.22

require example.com/runmod v0.1.0
