#!/bin/sh
# A fake GTP program for the tests of `weiqi referee` (crates/weiqi-cli/tests/arbiter.rs):
# it plays a script instead of thinking, and misbehaves on request (issue 14 "Bad input").
#
#   sh fake_gtp.sh MOVES [DEAD] [MODE]
#
# MOVES: the answers to `genmove`, in order, separated by spaces; when they run out it passes.
#   A vertex or `pass` or `resign` is answered as is; the special words:
#     hang     stop answering for ever (the referee must time out, kill and reap it)
#     die      exit with code 3 without answering (a crash)
#     garbage  answer a line that is not GTP
#     binary   answer binary bytes
#     twice    answer the move D4 twice (the second answer is out of order)
#     wrongid  answer D4 with an id that is not the command's
#     flood    write lines for ever without ending the answer
#     big      answer 20,000 lines of 64 KiB (1.3 GB: more than the referee keeps of an answer)
# DEAD: the answer to `final_status_list dead` (vertices separated by spaces), default none.
# MODE: `early` writes an answer before any command is sent; `stubborn` ignores `quit` (the
#   referee must kill it); `nosize` refuses `boardsize`; `nofinal` does not know
#   `final_status_list`; `cleanup` knows `kgs-genmove_cleanup` and resigns when asked for it
#   (so that a test sees which command the referee sent).
# Every other command is answered `=` with the command's id.

if [ "$1" = "hang-forever" ]; then
  # Still this script (its command line names it), so the tests can see whether it survived.
  while :; do sleep 1; done
fi
if [ "$1" = "flood-forever" ]; then
  # An answer that never ends: lines without the empty line that would close it.
  while :; do echo '= flood'; done
fi

moves="$1"
dead="$2"
mode="$3"

if [ "$mode" = "early" ]; then
  printf '= D4\n\n'
fi

next_move() {
  set -- $moves
  if [ $# -eq 0 ]; then
    move=pass
  else
    move=$1
    shift
    moves="$*"
  fi
}

while read -r first rest; do
  case "$first" in
    ''|*[!0-9]*) id=""; cmd="$first"; args="$rest" ;;
    *) id="$first"; cmd="${rest%% *}"; args="${rest#"$cmd"}" ;;
  esac
  case "$cmd" in
    quit)
      printf '=%s\n\n' "$id"
      [ "$mode" = "stubborn" ] || exit 0
      ;;
    boardsize)
      if [ "$mode" = "nosize" ]; then
        printf '?%s unacceptable size\n\n' "$id"
      else
        printf '=%s\n\n' "$id"
      fi
      ;;
    name) printf '=%s fake\n\n' "$id" ;;
    known_command)
      if [ "$mode" = "cleanup" ] && [ "$args" = " kgs-genmove_cleanup" ]; then
        printf '=%s true\n\n' "$id"
      else
        printf '=%s false\n\n' "$id"
      fi
      ;;
    kgs-genmove_cleanup) printf '=%s resign\n\n' "$id" ;;
    version) printf '=%s 1\n\n' "$id" ;;
    final_score) printf '?%s cannot score\n\n' "$id" ;;
    final_status_list)
      if [ "$mode" = "nofinal" ]; then
        printf '?%s unknown command\n\n' "$id"
      else
        printf '=%s %s\n\n' "$id" "$dead"
      fi
      ;;
    genmove)
      next_move
      case "$move" in
        hang) exec sh "$0" hang-forever ;;
        flood) exec sh "$0" flood-forever ;;
        big)
          printf '=%s ' "$id"
          head -c 1310720000 /dev/zero | tr '\0' x | fold -w 65536
          printf '\n\n'
          ;;
        die) exit 3 ;;
        garbage) printf 'I think therefore I am\n\n' ;;
        binary) printf '\377\376\001\002\n\n' ;;
        twice) printf '=%s D4\n\n=%s D4\n\n' "$id" "$id" ;;
        wrongid) printf '=%s D4\n\n' "9$id" ;;
        *) printf '=%s %s\n\n' "$id" "$move" ;;
      esac
      ;;
    *) printf '=%s\n\n' "$id" ;;
  esac
done
