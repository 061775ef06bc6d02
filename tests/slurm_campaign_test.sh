#!/usr/bin/env bash
# The Slurm recipe of docs/campaigns.md ("Slurm job array") on a one-node
# cluster this test starts: its own munged, slurmctld and slurmd, with their
# own slurm.conf, munge key and socket, free ports, state and spool folders,
# all in a temporary folder, so that a Slurm the machine runs is not touched.
# examples/campaigns/diverge-array.sbatch runs a divergence run as a job
# array of 16 shards; diverge-merge.sbatch, submitted with
# --dependency=afterok on the array, joins them; the merged folder must be
# the folder one unsharded run writes (diff -r). Then an array with a task
# that fails: the merge must not run, and the merge run by hand must name
# the missing shard.
# tests/slurm_campaign_test.sh BAO_ORACLE SOURCE_DIR; exit 77 (skipped) when
# not root or without Debian's slurmctld, slurmd, slurm-client and munge.
set -euo pipefail
exe=$(realpath -s "$1")
source_dir=$(realpath -s "$2")
scripts=$source_dir/examples/campaigns
options="--rulesets ap-zanzibar,guide-v2 --positions 4000"
shards=16
timeout=120 # seconds, for each wait
for script in diverge-array.sbatch diverge-merge.sbatch; do
  [ -f "$scripts/$script" ] || { echo "slurm campaign test: no $scripts/$script" >&2; exit 1; }
done

skip() {
  echo "slurm campaign test: skipped: $*"
  exit 77
}
[ "$(id -u)" -eq 0 ] || skip "not root (slurmd runs the jobs as their users and needs root)"
missing=()
for program in munged slurmctld slurmd sbatch squeue sinfo scontrol; do
  command -v "$program" >/dev/null || PATH=$PATH:/usr/sbin:/sbin command -v "$program" >/dev/null ||
    missing+=("$program")
done
[ ${#missing[@]} -eq 0 ] ||
  skip "no ${missing[*]} (Debian: apt-get install slurmctld slurmd slurm-client munge)"
PATH=$PATH:/usr/sbin:/sbin
command -v python3 >/dev/null || skip "no python3, to find free ports"

work=$(mktemp -d /tmp/bao-slurm-test.XXXXXX)
chmod 700 "$work"
pids=()
cleanup() {
  local status=$? pid
  # Newest first: slurmd, slurmctld, then munged.
  for ((i = ${#pids[@]} - 1; i >= 0; i--)); do
    pid=${pids[i]}
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
    kill -9 "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
  done
  if [ "$status" -ne 0 ] && [ "$status" -ne 77 ]; then
    for log in "$work"/log/* "$work"/jobs/*.out; do
      [ -f "$log" ] || continue
      echo "--- $log (last lines)" >&2
      tail -n 20 "$log" >&2
    done
  fi
  rm -rf "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP
fail() {
  echo "slurm campaign test: $*" >&2
  exit 1
}
# wait_for SECONDS WHAT COMMAND...: runs COMMAND every half second until it
# succeeds; fails after SECONDS, or at once when a daemon has stopped.
wait_for() {
  local seconds=$1 what=$2 deadline pid
  shift 2
  deadline=$((SECONDS + seconds))
  until "$@"; do
    for pid in "${pids[@]}"; do
      kill -0 "$pid" 2>/dev/null || fail "a daemon (pid $pid) stopped while waiting for $what"
    done
    [ $SECONDS -lt $deadline ] || fail "timed out after $seconds s waiting for $what"
    sleep 0.5
  done
}

mkdir -p "$work"/{munge,log,state,spool,campaign,jobs}
# munge: a key of its own, its own socket, pid, seed and log files.
dd if=/dev/urandom of="$work/munge/munge.key" bs=1024 count=1 status=none
chmod 400 "$work/munge/munge.key"
socket=$work/munge/munge.socket
munged --foreground --force --key-file="$work/munge/munge.key" --socket="$socket" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" >"$work/log/munged.out" 2>&1 &
pids+=($!)
wait_for 10 "munged's socket" test -S "$socket"

read -r ctld_port slurmd_port < <(python3 -c '
import socket
ss = [socket.socket() for _ in range(2)]
for s in ss:
    s.bind(("127.0.0.1", 0))
print(*(s.getsockname()[1] for s in ss))')
host=$(uname -n)
host=${host%%.*} # slurmctld runs where SlurmctldHost names: this host's short name
node=baonode
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<EOF
ClusterName=baotest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd-%n.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
SlurmctldDebug=info
SlurmdDebug=info
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SwitchType=switch/none
MpiDefault=none
MailProg=/bin/true
ReturnToService=2
SlurmdParameters=config_overrides
MinJobAge=600
# First in, first out, every second: the short tasks start as CPUs free up
# (the default backfill scheduler takes several times as long here).
SchedulerType=sched/builtin
SchedulerParameters=sched_interval=1
NodeName=$node NodeHostname=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=bao Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF

slurmctld -D -i -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 &
pids+=($!)
slurmd -D -f "$SLURM_CONF" -N "$node" >"$work/log/slurmd.out" 2>&1 &
pids+=($!)
node_idle() {
  [ "$(sinfo -h -n "$node" -o '%T' 2>/dev/null)" = idle ]
}
wait_for "$timeout" "node $node to be idle" node_idle
echo "slurm campaign test: one-node cluster up (slurmctld on port $ctld_port, slurmd on $slurmd_port)"

# job_state ID: the state of a job (of an array: of every task, one a line).
job_state() {
  scontrol -o show job "$1" 2>/dev/null | sed -n 's/.*JobState=\([A-Z_]*\).*/\1/p'
}
# job_done ID: every task of the job has ended (no state is pending,
# running, configuring, completing or suspended).
job_done() {
  local states
  states=$(job_state "$1")
  [ -n "$states" ] && ! grep -qE 'PENDING|RUNNING|CONFIGURING|COMPLETING|SUSPENDED' <<<"$states"
}

# The recipe, as docs/campaigns.md gives it.
cd "$work/jobs"
export BAO_ORACLE=$exe BAO_CAMPAIGN_DIR=$work/campaign BAO_DIVERGE_OPTIONS=$options
started=$SECONDS
array=$(sbatch --parsable --array=0-$((shards - 1)) "$scripts/diverge-array.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  "$scripts/diverge-merge.sbatch")
echo "slurm campaign test: array job $array ($shards tasks), merge job $merge"
wait_for "$timeout" "merge job $merge to end" job_done "$merge"
echo "slurm campaign test: array and merge ran in $((SECONDS - started)) s"
states=$(job_state "$array" | sort | uniq -c | tr -s ' \n' '  ')
[ "$(job_state "$array" | grep -c '^COMPLETED$')" -eq "$shards" ] ||
  fail "the array's tasks are not all COMPLETED: $states"
[ "$(job_state "$merge")" = COMPLETED ] || fail "merge job $merge is $(job_state "$merge")"
folders=$(find "$work/campaign" -mindepth 1 -maxdepth 1 -name 'shard-*' | wc -l)
[ "$folders" -eq "$shards" ] || fail "$folders shard folders, not $shards"

# One unsharded run of the same options writes the same folder.
# shellcheck disable=SC2086 # the options are words
"$exe" diverge $options --jobs 1 --out "$work/one" >/dev/null 2>&1 || fail "the unsharded run failed"
diff -r "$work/one" "$work/campaign/merged" ||
  fail "the merged folder differs from the unsharded run's"
echo "slurm campaign test: the merged folder of $shards shards is the unsharded run's folder"

# A task that fails: task 1 of 3 runs a bao-oracle that exits 3. The merge
# must not run (afterok with --kill-on-invalid-dep: cancelled), and run by
# hand it must refuse the campaign, naming the missing shard.
cat >"$work/failing-oracle" <<EOF
#!/bin/sh
[ "\$SLURM_ARRAY_TASK_ID" = 1 ] && { echo "failing on purpose" >&2; exit 3; }
exec "$exe" "\$@"
EOF
chmod +x "$work/failing-oracle"
export BAO_CAMPAIGN_DIR=$work/failed
array=$(BAO_ORACLE=$work/failing-oracle sbatch --parsable --array=0-2 "$scripts/diverge-array.sbatch")
merge=$(sbatch --parsable --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
  "$scripts/diverge-merge.sbatch")
wait_for "$timeout" "array job $array to end" job_done "$array"
wait_for "$timeout" "merge job $merge to end" job_done "$merge"
[ "$(job_state "$array" | grep -c '^FAILED$')" -eq 1 ] ||
  fail "not one failed task in array $array: $(job_state "$array" | tr '\n' ' ')"
[ "$(job_state "$merge")" = CANCELLED ] ||
  fail "merge job $merge after a failed task is $(job_state "$merge"), not CANCELLED"
[ ! -e "$work/failed/merged" ] || fail "a merged folder was written after a failed task"
if out=$("$scripts/diverge-merge.sbatch" 2>&1); then
  fail "the merge by hand of a campaign without shard 1 succeeded: $out"
fi
grep -qF "missing shard 1/3" <<<"$out" || fail "the merge by hand does not name the missing shard: $out"
echo "slurm campaign test: a failed task cancels the merge; by hand, the merge says:"
grep -F "missing shard" <<<"$out"
