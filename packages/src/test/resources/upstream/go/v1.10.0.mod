// Deprecated: use example.com/Tools/v2 instead.
module example.com/Tools

go 1.21

require (
	github.com/google/go-cmp v0.6.0
	golang.org/x/text v0.14.0 // indirect
	"example.com/quoted" v1.0.0
)

require github.com/pkg/errors v0.9.1

retract v1.1.0 // published by mistake

retract [v1.2.0, v1.2.9]
