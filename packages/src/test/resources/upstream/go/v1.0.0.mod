module example.com/Tools

go 1.18

require github.com/google/go-cmp v0.5.4
