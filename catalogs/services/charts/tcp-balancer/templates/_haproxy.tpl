{{- /*
  The frontends this instance runs, as a list of dicts: name, the container port HAProxy listens
  on, the Service port clients use and the servers' port. A frontend whose target port is 0 is off.
*/ -}}
{{- define "balancer.frontends" -}}
{{- $ports := .Values.httpAndHttps.targetPorts -}}
{{- $frontends := list -}}
{{- if $ports.http -}}
{{- $frontends = append $frontends (dict "name" "http" "listen" 8080 "port" 80 "target" $ports.http) -}}
{{- end -}}
{{- if $ports.https -}}
{{- $frontends = append $frontends (dict "name" "https" "listen" 8443 "port" 443 "target" $ports.https) -}}
{{- end -}}
{{- if not $frontends -}}
{{- fail "httpAndHttps.targetPorts: http and https are both 0, so the balancer would listen on no port" -}}
{{- end -}}
{{- range $frontends }}
{{- if or (lt (int .target) 1) (gt (int .target) 65535) }}
{{- fail (printf "httpAndHttps.targetPorts.%s: %v is not a port (1-65535, or 0 for off)" .name .target) }}
{{- end }}
{{- end -}}
{{- toJson (dict "list" $frontends) -}}
{{- end -}}

{{- /* The haproxy.cfg of this instance. */ -}}
{{- define "balancer.config" -}}
{{- $frontends := (include "balancer.frontends" . | fromJson).list -}}
{{- $proxy := eq .Values.httpAndHttps.mode "tcp-with-proxy" -}}
{{- if and .Values.whitelistHTTP (not .Values.whitelist) -}}
{{- fail "whitelist: whitelistHTTP is on but whitelist names no network, so every client would be refused" -}}
{{- end -}}
global
    log stdout format raw local0 notice

defaults
    mode tcp
    log global
    option dontlognull
    timeout connect 5s
    timeout client 5m
    timeout server 5m
    timeout tunnel 5m
    timeout check 10s
{{- range $frontends }}

frontend {{ .name }}
    bind :::{{ .listen }} v4v6
    {{- if $.Values.whitelistHTTP }}
    acl allowed src {{ join " " $.Values.whitelist }}
    tcp-request connection reject unless allowed
    {{- end }}
    default_backend {{ .name }}

backend {{ .name }}
    balance leastconn
    default-server check observe layer4 error-limit 10 on-error mark-down{{ if $proxy }} send-proxy-v2{{ end }}
    {{- $target := .target }}
    {{- range $i, $server := $.Values.httpAndHttps.endpoints }}
    server server{{ $i }} {{ $server }}:{{ $target }}
    {{- end }}
{{- end }}
{{- end -}}
