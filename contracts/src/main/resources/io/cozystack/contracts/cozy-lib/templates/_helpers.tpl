{{/* Public helpers of cozy-lib 1.0.0 (contract K5). Each reads cozystack-values (K2). */}}

{{/* The apex domain of tenant-root: _cluster.root-host. */}}
{{- define "cozy-lib.root-host" -}}
{{- index .Values._cluster "root-host" -}}
{{- end -}}

{{/* The tenant's host: _namespace.host. */}}
{{- define "cozy-lib.ns-host" -}}
{{- .Values._namespace.host -}}
{{- end -}}

{{/* The namespace providing etcd to this tenant: _namespace.etcd. */}}
{{- define "cozy-lib.ns-etcd" -}}
{{- .Values._namespace.etcd -}}
{{- end -}}

{{/* The namespace providing ingress to this tenant: _namespace.ingress. */}}
{{- define "cozy-lib.ns-ingress" -}}
{{- .Values._namespace.ingress -}}
{{- end -}}

{{/* The cluster DNS domain: _cluster.cluster-domain. */}}
{{- define "cozy-lib.cluster-domain" -}}
{{- index .Values._cluster "cluster-domain" -}}
{{- end -}}
