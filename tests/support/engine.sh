#!/bin/sh
# A private container engine for integration tests: Podman's Docker-compatible
# API service on a socket under DIR, with its own storage, locks and state
# under DIR, so tests touch no system state and may run side by side.
#
#   engine.sh start DIR   start the engine (idempotent); prints the socket path
#   engine.sh image DIR   build localhost/osprey-test-agent:latest (idempotent);
#                         prints the image name
#   engine.sh stop DIR    remove every container of the engine, stop it, unmount
#                         and delete its storage; DIR itself is left to the caller
#
# With OSPREY_TEST_IMAGE_STORE=STORE at start, the engine also reads images
# (read-only) from the store `scripts/build-images --store STORE` builds the
# real agent images into: a 1 GB image is there at once, neither copied nor
# rebuilt per test.
#
# See README.md beside this file.
set -eu

IMAGE=localhost/osprey-test-agent:latest
HASH_LABEL=org.osprey.test-image.hash
HERE=$(cd "$(dirname "$0")" && pwd)

die() {
	echo "engine.sh: $*" >&2
	exit 1
}

usage() {
	echo "usage: engine.sh start|stop|image DIR" >&2
	exit 2
}

[ $# -eq 2 ] || usage
command=$1
mkdir -p "$2"
DIR=$(cd "$2" && pwd)
SOCK=$DIR/podman.sock
PIDFILE=$DIR/podman.pid

require_tools() {
	command -v podman >/dev/null 2>&1 ||
		die "podman is not installed; integration tests need a real container engine: apt-get install podman runc busybox-static (see tests/support/README.md)"
	command -v runc >/dev/null 2>&1 ||
		die "runc is not installed (podman's default crun fails on this cgroup layout): apt-get install runc"
	command -v curl >/dev/null 2>&1 || die "curl is not installed: apt-get install curl"
}

# Podman's environment for this engine; also used by the local podman calls
# in stop, which work without the service.
engine_env() {
	CONTAINERS_CONF=$DIR/containers.conf
	CONTAINERS_STORAGE_CONF=$DIR/storage.conf
	export CONTAINERS_CONF CONTAINERS_STORAGE_CONF
}

write_config() {
	# runc: crun fails on this cgroup layout. default_ulimits: Podman's own
	# defaults exceed the host's hard limits. File locks and tmp_dir under DIR:
	# the default shared-memory locks and /run/libpod would be shared with
	# every other engine on the machine, and a fresh engine frees all locks.
	cat > "$DIR/containers.conf" <<CONF
[containers]
default_ulimits = ["nofile=1024:20000", "nproc=1000:1000"]
log_driver = "k8s-file"

[engine]
runtime = "runc"
lock_type = "file"
tmp_dir = "$DIR/tmp"
events_logger = "file"
events_logfile_path = "$DIR/events.log"
CONF
	cat > "$DIR/storage.conf" <<CONF
[storage]
driver = "overlay"
graphroot = "$DIR/storage"
runroot = "$DIR/run"
CONF
	if [ -n "${OSPREY_TEST_IMAGE_STORE:-}" ]; then
		[ -d "$OSPREY_TEST_IMAGE_STORE/storage" ] ||
			die "OSPREY_TEST_IMAGE_STORE=$OSPREY_TEST_IMAGE_STORE holds no image store (run scripts/build-images --store)"
		cat >> "$DIR/storage.conf" <<CONF

[storage.options]
additionalimagestores = ["$OSPREY_TEST_IMAGE_STORE/storage"]
CONF
	fi
}

ping() {
	[ "$(curl -s --max-time 2 --unix-socket "$SOCK" http://d/_ping 2>/dev/null)" = OK ]
}

service_pid() {
	[ -f "$PIDFILE" ] && pid=$(cat "$PIDFILE") && kill -0 "$pid" 2>/dev/null && echo "$pid"
}

start() {
	require_tools
	# the kernel limits unix socket paths to 108 bytes
	[ ${#SOCK} -lt 100 ] || die "socket path $SOCK is too long for a unix socket; use a shorter DIR"

	if service_pid >/dev/null && ping; then
		echo "$SOCK"
		return
	fi

	write_config
	mkdir -p "$DIR/tmp"
	rm -f "$SOCK"
	engine_env
	# Not detached from our process group, so a test runner that kills the
	# group on timeout takes the engine with it. Its output goes to a file:
	# it must not hold the caller's stdout open.
	podman system service --time=0 "unix://$SOCK" > "$DIR/service.log" 2>&1 < /dev/null &
	echo $! > "$PIDFILE"

	# Wait for the socket to answer, for at most 30 s; fail at once if the
	# service dies.
	i=0
	until ping; do
		service_pid >/dev/null ||
			die "podman system service exited; its log ($DIR/service.log):
$(tail -n 20 "$DIR/service.log")"
		i=$((i + 1))
		[ $i -lt 600 ] || die "the engine did not answer on $SOCK within 30 s"
		sleep 0.05
	done
	echo "$SOCK"
}

stop() {
	if [ -f "$DIR/containers.conf" ] && command -v podman >/dev/null 2>&1; then
		engine_env
		# every container of this private engine, running or not
		podman rm --all --force --time 0 > /dev/null 2>&1 || true
	fi

	if pid=$(service_pid); then
		kill "$pid" 2>/dev/null || true
		i=0
		while kill -0 "$pid" 2>/dev/null && [ $i -lt 100 ]; do
			sleep 0.05
			i=$((i + 1))
		done
		kill -9 "$pid" 2>/dev/null || true
	fi
	rm -f "$PIDFILE" "$SOCK"

	# whatever is still mounted under DIR (overlay's own bind mount, a
	# container's rootfs or shm), deepest first
	awk -v dir="$DIR/" 'index($2, dir) == 1 { print $2 }' /proc/self/mounts | sort -r |
		while read -r mountpoint; do
			umount "$mountpoint" 2>/dev/null || umount -l "$mountpoint" 2>/dev/null || true
		done
	rm -rf "$DIR/storage" "$DIR/run" "$DIR/tmp" "$DIR"/image-build.*
}

image() {
	require_tools
	ping || die "no engine answers on $SOCK; run engine.sh start $DIR first"

	busybox=$(command -v busybox) || die "busybox is not installed: apt-get install busybox-static"
	if ldd "$busybox" >/dev/null 2>&1; then
		die "$busybox is dynamically linked; the test image needs busybox-static"
	fi

	# The image is rebuilt only when its recipe (this script), the stand-in,
	# the entry script or busybox changed.
	entry=$HERE/../../images/osprey-agent-entry
	[ -f "$entry" ] || die "$entry is missing"
	hash=$(cat "$0" "$HERE/image/agent-standin" "$entry" "$busybox" | sha256sum | cut -c1-32)
	if curl -s --unix-socket "$SOCK" "http://d/v1.41/images/$IMAGE/json" |
		grep -q "\"$HASH_LABEL\": *\"$hash\""; then
		echo "$IMAGE"
		return
	fi

	# a directory of its own: two tests may build into one engine at once
	build=$(mktemp -d "$DIR/image-build.XXXXXX")
	root=$build/root
	mkdir -p "$root/bin" "$root/etc" "$root/tmp" "$root/workspace" "$root/home/agent" \
		"$root/usr/local/bin" "$root/usr/bin" "$root/proc" "$root/sys" "$root/dev"
	cp "$busybox" "$root/bin/busybox"
	for applet in $("$busybox" --list); do
		[ -e "$root/bin/$applet" ] || ln -s busybox "$root/bin/$applet"
	done
	cp "$HERE/image/agent-standin" "$root/usr/local/bin/claude"
	cp "$HERE/image/agent-standin" "$root/usr/local/bin/opencode"
	# the product's own entry script, so end-to-end tests run it for real
	cp "$entry" "$root/usr/local/bin/osprey-agent-entry"
	chmod 755 "$root/usr/local/bin/claude" "$root/usr/local/bin/opencode" \
		"$root/usr/local/bin/osprey-agent-entry"
	printf 'root:x:0:0:root:/root:/bin/sh\nagent:x:1000:1000:agent:/home/agent:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/bin/false\n' \
		> "$root/etc/passwd"
	printf 'root:x:0:\nagent:x:1000:\nnogroup:x:65534:\n' > "$root/etc/group"
	chmod 1777 "$root/tmp"
	chown 1000:1000 "$root/home/agent" "$root/workspace"

	tar --numeric-owner -C "$root" -cf "$build/rootfs.tar" .
	podman --url "unix://$SOCK" import \
		--change "LABEL $HASH_LABEL=$hash" \
		--change "ENV PATH=/usr/local/bin:/usr/bin:/bin" \
		--change "ENV HOME=/home/agent" \
		--change "USER agent" \
		--change "WORKDIR /workspace" \
		--change 'CMD ["/bin/sh"]' \
		"$build/rootfs.tar" "$IMAGE" > /dev/null
	rm -rf "$build"
	echo "$IMAGE"
}

case $command in
start) start ;;
stop) stop ;;
image) image ;;
*) usage ;;
esac
