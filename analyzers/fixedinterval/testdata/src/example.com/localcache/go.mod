module example.com/localcache

go 1.22
