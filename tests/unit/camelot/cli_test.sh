#!/bin/sh
# The `camelot` command on the seed's examples (byte for byte), and its
# exits on bad input. Usage: cli_test.sh PROGRAM [SUBCOMMAND] DIR
# (PROGRAM SUBCOMMAND must behave as `manaflow camelot`; DIR holds
# examples.in and examples.out).
set -u
prog=$1
sub=$2
dir=$3
tmp=${TMPDIR:-/tmp}/camelot-cli.$$
trap 'rm -f "$tmp".*' EXIT
fails=0
passes=0
check() {
	if [ "$1" -eq 0 ]; then passes=$((passes + 1)); else fails=$((fails + 1)); echo "FAIL: $2"; fi
}

"$prog" "$sub" "$dir/examples.in" > "$tmp.out" 2> "$tmp.err"
check $? "examples exit 0"
cmp -s "$tmp.out" "$dir/examples.out"
check $? "examples answer N Y N Y byte for byte"

"$prog" "$sub" < "$dir/examples.in" > "$tmp.out"
cmp -s "$tmp.out" "$dir/examples.out"
check $? "stdin works the same"

# CRLF line ends and a blank line change nothing; text after * is ignored.
sed -e 's/$/\r/' -e '2i\
' -e '$a\
this is after the end' "$dir/examples.in" > "$tmp.crlf"
"$prog" "$sub" "$tmp.crlf" > "$tmp.out"
cmp -s "$tmp.out" "$dir/examples.out"
check $? "CRLF, blank line and trailing text"

# A bad deal: the answers before it, then exit 1 naming line and card.
head -n 1 "$dir/examples.in" > "$tmp.bad"
echo "AAAA22X233334444555566667777888899990000JJJJQQQQKKKK" >> "$tmp.bad"
"$prog" "$sub" "$tmp.bad" > "$tmp.out" 2> "$tmp.err"
check $(( $? == 1 ? 0 : 1 )) "bad deal exits 1"
[ "$(cat "$tmp.out")" = "N" ]
check $? "answers before the bad deal are printed"
grep -q "line 2, card 7: 'X' is not a card" "$tmp.err"
check $? "the error names line and card"

"$prog" "$sub" "$tmp.missing" > /dev/null 2>&1
check $(( $? == 2 ? 0 : 1 )) "a missing file exits 2"
"$prog" "$sub" --bogus > /dev/null 2>&1
check $(( $? == 2 ? 0 : 1 )) "an unknown option exits 2"
"$prog" "$sub" --help > "$tmp.out"
check $? "--help exits 0"
grep -q "usage: manaflow camelot" "$tmp.out"
check $? "--help prints the usage"

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
