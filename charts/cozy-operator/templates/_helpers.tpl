{{- define "cozy-operator.name" -}}cozy-operator{{- end -}}

{{- define "cozy-operator.labels" -}}
app.kubernetes.io/name: cozy-operator
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "cozy-operator.selector" -}}
app.kubernetes.io/name: cozy-operator
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}
