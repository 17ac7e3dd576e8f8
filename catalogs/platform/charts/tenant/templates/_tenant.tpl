{{- /*
  Names of a tenant. A Tenant <name> in namespace tenant-root owns namespace tenant-<name>; in any
  other namespace P it owns P-<name> (Cozystack's rule). The release is tenant-<name>.
*/ -}}
{{- define "tenant.namespace" -}}
{{- $name := trimPrefix "tenant-" .Release.Name -}}
{{- ternary (printf "tenant-%s" $name) (printf "%s-%s" .Release.Namespace $name) (eq .Release.Namespace "tenant-root") -}}
{{- end -}}

{{- /*
  The tenant's ancestors, outermost first, as a YAML list: tenant-root, then every dash-prefix of
  the parent's namespace (tenant-a-b's parent tenant-a has ancestors tenant-root, tenant-a). A
  parent namespace outside the tenant-* tree (a test namespace) is the only ancestor.
*/ -}}
{{- define "tenant.ancestors" -}}
{{- $self := include "tenant.namespace" . -}}
{{- $parent := .Release.Namespace -}}
{{- $out := list -}}
{{- if hasPrefix "tenant-" $parent -}}
{{- $out = append $out "tenant-root" -}}
{{- $parts := splitList "-" $parent -}}
{{- range $i := untilStep 2 (int (add (len $parts) 1)) 1 -}}
{{- $p := join "-" (slice $parts 0 $i) -}}
{{- if not (has $p $out) -}}{{- $out = append $out $p -}}{{- end -}}
{{- end -}}
{{- else -}}
{{- $out = list $parent -}}
{{- end -}}
{{- without $out $self | toYaml -}}
{{- end -}}

{{- /*
  Non-empty when the chart renders against a platform's API server (ApplicationDefinitions are
  served), where it reads the cluster (lookup); empty in an offline render (helm template, the
  validator), which then sees no modules and no parent namespace.
*/ -}}
{{- define "tenant.online" -}}
{{- if .Capabilities.APIVersions.Has "cozystack.io/v1alpha1" }}online{{ end -}}
{{- end -}}

{{- /* The access levels, lowest first; each includes the rights of those below it. */ -}}
{{- define "tenant.levels" -}}
{{- toYaml (list "view" "use" "admin" "super-admin") -}}
{{- end -}}

{{- /*
  Subjects of the binding of level (index . 0) in the tenant's namespace: the ServiceAccount of the
  tenant and of each ancestor, and for each of them the groups <namespace>-<level> of this level and
  every higher one (Cozystack's subjects).
*/ -}}
{{- define "tenant.levelSubjects" -}}
{{- $level := index . 0 -}}
{{- $ctx := index . 1 -}}
{{- $levels := include "tenant.levels" . | fromYamlArray -}}
{{- $from := 0 -}}
{{- range $i, $l := $levels }}{{ if eq $l $level }}{{ $from = $i }}{{ end }}{{ end -}}
{{- $owners := append (include "tenant.ancestors" $ctx | fromYamlArray) (include "tenant.namespace" $ctx) -}}
{{- range $owners }}
- kind: ServiceAccount
  name: {{ . }}
  namespace: {{ . }}
{{- $owner := . }}
{{- range $l := slice $levels $from }}
- kind: Group
  apiGroup: rbac.authorization.k8s.io
  name: {{ printf "%s-%s" $owner $l }}
{{- end }}
{{- end }}
{{- end -}}

{{- /*
  A Kubernetes quantity as a float (every suffix of the quantity grammar but exponents), for the
  requests derived from resourceQuotas.
*/ -}}
{{- define "tenant.quantity" -}}
{{- $value := toString . -}}
{{- $unit := 1.0 -}}
{{- $suffixes := dict "Ki" 1024.0 "Mi" 1048576.0 "Gi" 1073741824.0 "Ti" 1099511627776.0 "Pi" 1125899906842624.0 "Ei" 1152921504606846976.0 "n" 0.000000001 "u" 0.000001 "m" 0.001 "k" 1000.0 "M" 1000000.0 "G" 1000000000.0 "T" 1000000000000.0 "P" 1000000000000000.0 "E" 1000000000000000000.0 -}}
{{- range $s, $u := $suffixes -}}
{{- if and (hasSuffix $s $value) (gt (len $value) (len $s)) -}}
{{- $value = trimSuffix $s $value -}}
{{- $unit = $u -}}
{{- end -}}
{{- end -}}
{{- mulf (float64 $value) $unit | toString -}}
{{- end -}}

{{- /*
  ResourceQuota spec.hard from resourceQuotas, Cozystack's semantics: each value is a limit. Object
  counts (pods, services, services.loadbalancers, services.nodeports, services.clusterip, configmaps,
  secrets, persistentvolumeclaims, replicationcontrollers, resourcequotas) are quota keys as they
  are; storage becomes requests.storage; every other resource R becomes limits.R and requests.R, the
  request being the limit divided by the platform's allocation ratio for cpu (default 10), memory
  (1) and ephemeral-storage (40), equal to it for anything else.
*/ -}}
{{- define "tenant.quotaHard" -}}
{{- $cluster := .Values._cluster | default dict -}}
{{- $ratios := dict "cpu" (index $cluster "cpu-allocation-ratio" | default "10") "memory" (index $cluster "memory-allocation-ratio" | default "1") "ephemeral-storage" (index $cluster "ephemeral-storage-allocation-ratio" | default "40") -}}
{{- $counts := list "pods" "services" "services.loadbalancers" "services.nodeports" "services.clusterip" "configmaps" "secrets" "persistentvolumeclaims" "replicationcontrollers" "resourcequotas" -}}
{{- $hard := dict -}}
{{- range $k, $v := .Values.resourceQuotas -}}
{{- if has $k $counts -}}
{{- $_ := set $hard $k (toString $v) -}}
{{- else if eq $k "storage" -}}
{{- $_ := set $hard "requests.storage" (toString $v) -}}
{{- else -}}
{{- $_ := set $hard (printf "limits.%s" $k) (toString $v) -}}
{{- if hasKey $ratios $k -}}
{{- $ratio := index $ratios $k | float64 -}}
{{- if le $ratio 0.0 -}}
{{- fail (printf "_cluster.%s-allocation-ratio is %q: resourceQuotas.%s needs a positive number there (default %s)" $k (toString (index $ratios $k)) $k (get (dict "cpu" "10" "memory" "1" "ephemeral-storage" "40") $k)) -}}
{{- end -}}
{{- $request := divf (include "tenant.quantity" $v | float64) $ratio -}}
{{- if eq $k "cpu" -}}
{{- $_ := set $hard (printf "requests.%s" $k) (toString $request) -}}
{{- else -}}
{{- $_ := set $hard (printf "requests.%s" $k) ($request | int64 | toString) -}}
{{- end -}}
{{- else -}}
{{- $_ := set $hard (printf "requests.%s" $k) (toString $v) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- toYaml $hard -}}
{{- end -}}
