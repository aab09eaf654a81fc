// The reference for Osprey's template engine: Go's own text/template.
//
// It reads the corpus (corpus/*.cases and corpus/payloads/*.json), renders
// every case against its payloads with data {"body": <payload decoded with
// UseNumber>}, and prints one record per rendering:
//
//	@@ <case> <payload> ok|failed <byte count>\n<output>\n
//
// With "bench <iterations>" it prints "<case> <payload> <median ns>" lines
// instead. Standard library only: it is built offline by meson.
package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/template"
	"time"
)

type testCase struct {
	name     string
	payloads []string
	text     string
}

func loadCases(dir string, allPayloads []string) []testCase {
	files, _ := filepath.Glob(filepath.Join(dir, "*.cases"))
	sort.Strings(files)
	var cases []testCase
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		var cur *testCase
		var body []string
		flush := func() {
			if cur != nil {
				cur.text = strings.Join(body, "\n")
				cases = append(cases, *cur)
			}
		}
		for _, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "#|") {
				continue
			}
			if strings.HasPrefix(line, "### ") {
				flush()
				fields := strings.Fields(line[4:])
				cur = &testCase{name: fields[0], payloads: selectPayloads(fields[1:], allPayloads)}
				body = nil
				continue
			}
			body = append(body, line)
		}
		// the file's final newline is not part of the last template
		if len(body) > 0 && body[len(body)-1] == "" {
			body = body[:len(body)-1]
		}
		flush()
	}
	return cases
}

// selectPayloads: no words means every payload; "-" the empty payload {};
// "!name" excludes; "prefix*" matches by prefix.
func selectPayloads(words, all []string) []string {
	var include, exclude []string
	for _, w := range words {
		if strings.HasPrefix(w, "!") {
			exclude = append(exclude, w[1:])
		} else {
			include = append(include, w)
		}
	}
	matches := func(pattern, name string) bool {
		if strings.HasSuffix(pattern, "*") {
			return strings.HasPrefix(name, pattern[:len(pattern)-1])
		}
		return pattern == name
	}
	var out []string
	candidates := append([]string{"-"}, all...)
	for _, p := range candidates {
		in := len(include) == 0 && p != "-"
		for _, w := range include {
			if matches(w, p) {
				in = true
			}
		}
		for _, w := range exclude {
			if matches(w, p) {
				in = false
			}
		}
		if in {
			out = append(out, p)
		}
	}
	return out
}

func loadPayloads(dir string) (map[string]interface{}, []string) {
	files, _ := filepath.Glob(filepath.Join(dir, "payloads", "*.json"))
	sort.Strings(files)
	payloads := map[string]interface{}{"-": map[string]interface{}{}}
	var names []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		var v interface{}
		if err := dec.Decode(&v); err != nil {
			panic(fmt.Sprintf("%s: %v", f, err))
		}
		name := strings.TrimSuffix(filepath.Base(f), ".json")
		payloads[name] = v
		names = append(names, name)
	}
	return payloads, names
}

func render(t *template.Template, body interface{}) (string, error) {
	var buf bytes.Buffer
	err := t.Execute(&buf, map[string]interface{}{"body": body})
	return buf.String(), err
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: reference <corpus-dir> [bench <iterations>]")
		os.Exit(2)
	}
	dir := os.Args[1]
	payloads, names := loadPayloads(dir)
	cases := loadCases(dir, names)
	out := bufio.NewWriter(os.Stdout)
	defer out.Flush()

	if len(os.Args) >= 4 && os.Args[2] == "bench" {
		iterations, _ := strconv.Atoi(os.Args[3])
		for _, c := range cases {
			t, err := template.New("template").Parse(c.text)
			if err != nil {
				continue
			}
			for _, p := range c.payloads {
				if _, err := render(t, payloads[p]); err != nil {
					continue
				}
				fmt.Fprintf(out, "%s %s %d\n", c.name, p, median(t, payloads[p], iterations))
			}
		}
		return
	}

	for _, c := range cases {
		t, parseErr := template.New("template").Parse(c.text)
		for _, p := range c.payloads {
			// A failure's text is Go's message, for people reading
			// mismatches; the runner does not compare it.
			status, text := "ok", ""
			if parseErr != nil {
				status, text = "failed", parseErr.Error()
			} else if s, err := render(t, payloads[p]); err != nil {
				status, text = "failed", err.Error()
			} else {
				text = s
			}
			fmt.Fprintf(out, "@@ %s %s %s %d\n%s\n", c.name, p, status, len(text), text)
		}
	}
}

// median: the median over 15 batches of the time per render.
func median(t *template.Template, body interface{}, iterations int) int64 {
	const batches = 15
	per := iterations / batches
	if per < 1 {
		per = 1
	}
	samples := make([]int64, 0, batches)
	data := map[string]interface{}{"body": body}
	var buf bytes.Buffer
	for b := 0; b < batches; b++ {
		start := time.Now()
		for i := 0; i < per; i++ {
			buf.Reset()
			t.Execute(&buf, data)
		}
		samples = append(samples, time.Since(start).Nanoseconds()/int64(per))
	}
	sort.Slice(samples, func(i, j int) bool { return samples[i] < samples[j] })
	return samples[len(samples)/2]
}
