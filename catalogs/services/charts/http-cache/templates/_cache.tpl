{{- /* Labels selecting the pods of one part of the instance (haproxy or nginx-cache). */ -}}
{{- define "cache.selector" -}}
app.kubernetes.io/instance: {{ .ctx.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- /* The in-cluster DNS name of Service $name. */ -}}
{{- define "cache.fqdn" -}}
{{- printf "%s.%s.svc.%s" .name .ctx.Release.Namespace (index .ctx.Values._cluster "cluster-domain") -}}
{{- end -}}

{{- /*
  How much of a cache volume nginx may fill, in MiB: 90% of size, the rest left for nginx's
  temporary files and the file system. size is a quantity: a number of bytes, or a number with a
  binary (Ki ... Ei) or decimal (k ... E) suffix.
*/ -}}
{{- define "cache.maxSizeMi" -}}
{{- $size := include "app.quantity" .Values.size -}}
{{- $m := regexFindAll "^([0-9]+(\\.[0-9]*)?|\\.[0-9]+)([KMGTPE]i|[kMGTPE])?$" $size 1 -}}
{{- if not $m -}}
{{- fail (printf "size: %s is not a volume size this chart understands (a number of bytes, or a number with a suffix Ki, Mi, Gi, Ti, k, M, G, T ...)" $size) -}}
{{- end -}}
{{- $number := regexReplaceAll "[A-Za-z]+$" $size "" -}}
{{- $suffix := regexFind "[A-Za-z]+$" $size -}}
{{- $factors := dict "" 1.0 "Ki" 1024.0 "Mi" 1048576.0 "Gi" 1073741824.0 "Ti" 1099511627776.0 "Pi" 1125899906842624.0 "Ei" 1152921504606846976.0 "k" 1e3 "M" 1e6 "G" 1e9 "T" 1e12 "P" 1e15 "E" 1e18 -}}
{{- $mib := floor (divf (mulf (float64 $number) (index $factors $suffix) 0.9) 1048576.0) | int64 -}}
{{- if lt $mib 16 -}}
{{- fail (printf "size: %s is too small for a cache volume (at least 18Mi)" $size) -}}
{{- end -}}
{{- $mib -}}
{{- end -}}

{{- /* The nginx.conf of every cache pod. */ -}}
{{- define "cache.nginxConf" -}}
# The master runs as root; the workers, which write the cache, as the image's nginx user.
user nginx;
worker_processes auto;
error_log /dev/stderr notice;
pid /run/nginx.pid;

events {
    worker_connections 10240;
    multi_accept on;
}

http {
    include /etc/nginx/mime.types;
    default_type application/octet-stream;
    log_format cache '$remote_addr [$time_local] "$request" $status $body_bytes_sent '
                     '"$http_x_forwarded_for" cache=$upstream_cache_status';
    access_log /dev/stdout cache;
    sendfile on;
    tcp_nopush on;
    keepalive_timeout 65;
    gzip on;

    # The cache lives on the pod's volume; entries unused for 30 days are evicted.
    proxy_cache_path /data/cache levels=1:2 keys_zone=cache:64m max_size={{ include "cache.maxSizeMi" . }}m inactive=30d use_temp_path=off;

    {{- with .Values.endpoints }}

    upstream origin {
        {{- range . }}
        server {{ . }};
        {{- end }}
    }
    {{- end }}

    # Probes only.
    server {
        listen 8081;
        access_log off;
        location = /healthz {
            default_type text/plain;
            return 200 "ok\n";
        }
    }

    server {
        listen 80 default_server;
        server_name _;

        proxy_cache cache;
        proxy_cache_key $scheme$http_host$request_uri;
        proxy_cache_valid 200 1h;
        proxy_cache_lock on;
        proxy_cache_revalidate on;
        proxy_cache_background_update on;
        proxy_cache_use_stale error timeout updating http_500 http_502 http_503 http_504;
        proxy_connect_timeout 1s;
        proxy_next_upstream error timeout http_500 http_502 http_503 http_504;

        location / {
            {{- if .Values.endpoints }}
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $http_x_forwarded_for;
            proxy_hide_header Pragma;
            proxy_hide_header Expires;
            add_header X-Cache-Status $upstream_cache_status;
            proxy_buffering on;
            proxy_pass http://origin;
            {{- else }}
            # No origin servers (endpoints is empty): nothing to cache.
            return 502;
            {{- end }}
        }
    }
}
{{- end -}}

{{- /* The haproxy.cfg of the HAProxy pods in front of the caches. */ -}}
{{- define "cache.haproxyConf" -}}
global
    log stdout format raw local0 notice

# Cache Services are found through the cluster DNS, and again when their address changes.
resolvers cluster
    parse-resolv-conf
    hold valid 10s

defaults
    mode http
    log global
    option dontlognull
    timeout http-request 10s
    timeout queue 20s
    timeout connect 5s
    timeout client 5m
    timeout server 5m
    timeout tunnel 5m
    timeout http-keep-alive 10s
    timeout check 10s

frontend http
    bind :::8080 v4v6
    option forwardfor
    default_backend cache

# The same URI always goes to the same cache pod (consistent hashing), so each object is
# cached once; when every cache pod is down, the origin servers answer directly.
backend cache
    balance uri whole
    hash-type consistent
    retry-on conn-failure 503
    retries 2
    option redispatch 1
    default-server check observe layer7 error-limit 10 on-error mark-down resolvers cluster init-addr last,libc,none
    {{- range $i := until (int .Values.nginx.replicas) }}
    server cache{{ $i }} {{ include "cache.fqdn" (dict "ctx" $ "name" (printf "%s-nginx-cache-%d" $.Release.Name $i)) }}:80
    {{- end }}
    {{- range $i, $origin := .Values.endpoints }}
    server origin{{ $i }} {{ $origin }} backup
    {{- end }}
{{- end -}}
