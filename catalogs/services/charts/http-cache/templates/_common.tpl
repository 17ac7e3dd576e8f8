{{- /*
  Helpers every template of this chart uses. The application kind is fixed per chart; the instance
  name is the release name without the definition's release prefix.
*/ -}}

{{- /* The K1 labels every rendered object carries: which application instance it belongs to. */ -}}
{{- define "app.labels" -}}
apps.cozystack.io/application.group: apps.cozystack.io
apps.cozystack.io/application.kind: {{ .Chart.Annotations.kind }}
apps.cozystack.io/application.name: {{ trimPrefix .Chart.Annotations.releasePrefix .Release.Name | quote }}
{{- end -}}

{{- /*
  Limits of one replica: resources.cpu/memory when set, else the preset's. A preset is
  <series>.<size>: size gives the CPUs (nano 250m ... 4xlarge 32), series the GiB of memory per
  CPU (t1 0.5, c1 1, s1 2, u1 4, m1 8); the bare size names are older aliases with their own values.
  Requests equal limits.
*/ -}}
{{- define "app.resources" -}}
{{- $explicit := .Values.resources | default dict -}}
{{- $preset := include "app.preset" .Values.resourcesPreset | fromYaml -}}
{{- $cpu := include "app.quantity" ($explicit.cpu | default $preset.cpu) -}}
{{- $memory := include "app.quantity" ($explicit.memory | default $preset.memory) -}}
limits:
  cpu: {{ $cpu | quote }}
  memory: {{ $memory | quote }}
requests:
  cpu: {{ $cpu | quote }}
  memory: {{ $memory | quote }}
{{- end -}}

{{- define "app.preset" -}}
{{- $legacy := dict "nano" (list "250m" "128Mi") "micro" (list "500m" "256Mi") "small" (list "1" "512Mi") "medium" (list "1" "1Gi") "large" (list "2" "2Gi") "xlarge" (list "4" "4Gi") "2xlarge" (list "8" "8Gi") -}}
{{- $millicpu := dict "nano" 250 "micro" 500 "small" 1000 "medium" 2000 "large" 4000 "xlarge" 8000 "2xlarge" 16000 "4xlarge" 32000 -}}
{{- $mibPerCpu := dict "t1" 512 "c1" 1024 "s1" 2048 "u1" 4096 "m1" 8192 -}}
{{- if hasKey $legacy . -}}
cpu: {{ index $legacy . 0 | quote }}
memory: {{ index $legacy . 1 | quote }}
{{- else -}}
{{- $parts := splitList "." . -}}
{{- if or (ne (len $parts) 2) (not (hasKey $mibPerCpu (first $parts))) (not (hasKey $millicpu (last $parts))) -}}
{{- fail (printf "resourcesPreset %q is not a preset: use <series>.<size> with series t1, c1, s1, u1 or m1 and size nano ... 4xlarge" .) -}}
{{- end -}}
{{- $m := index $millicpu (last $parts) -}}
{{- $mib := div (mul $m (index $mibPerCpu (first $parts))) 1000 -}}
cpu: {{ ternary (printf "%dm" $m) (printf "%d" (div $m 1000)) (lt $m 1000) | quote }}
memory: {{ ternary (printf "%dGi" (div $mib 1024)) (printf "%dMi" $mib) (eq (mod $mib 1024) 0) | quote }}
{{- end -}}
{{- end -}}

{{- /*
  A quantity as Kubernetes writes it: a whole number given as a YAML number (which Helm reads as a
  float) without an exponent, anything else unchanged.
*/ -}}
{{- define "app.quantity" -}}
{{- if and (kindIs "float64" .) (eq (float64 (int64 .)) .) -}}
{{- int64 . -}}
{{- else -}}
{{- . -}}
{{- end -}}
{{- end -}}

{{- /* A name usable in a Kubernetes object name: lower case, every other character a dash. */ -}}
{{- define "app.dnsName" -}}
{{- regexReplaceAll "[^a-z0-9-]+" (lower .) "-" | trimAll "-" -}}
{{- end -}}

{{- /*
  The password of a user: the one given, else the one already stored in Secret $secret (key
  $key), else a new random one. So a generated password survives upgrades. The stored one is
  looked up only when rendering against a platform's cluster (it serves apps.cozystack.io, the
  instances' own group): rendering without a cluster then gives a random password instead of
  failing.
*/ -}}
{{- define "app.password" -}}
{{- $ctx := index . 0 -}}{{- $secret := index . 1 -}}{{- $key := index . 2 -}}{{- $given := index . 3 -}}
{{- if $given -}}
{{- $given -}}
{{- else -}}
{{- $existing := dict -}}
{{- if $ctx.Capabilities.APIVersions.Has "apps.cozystack.io/v1alpha1" -}}
{{- $existing = lookup "v1" "Secret" $ctx.Release.Namespace $secret -}}
{{- end -}}
{{- if and $existing (hasKey ($existing.data | default dict) $key) -}}
{{- index $existing.data $key | b64dec -}}
{{- else -}}
{{- randAlphaNum 24 -}}
{{- end -}}
{{- end -}}
{{- end -}}
