{{- define "services-backup-drivers.name" -}}services-backup-drivers{{- end -}}

{{- define "services-backup-drivers.labels" -}}
app.kubernetes.io/name: services-backup-drivers
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version }}
{{- end -}}

{{- define "services-backup-drivers.selector" -}}
app.kubernetes.io/name: services-backup-drivers
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
The name each chosen driver registers under (its BackupDriver, and Lease backup-driver-<name>), as
its registration() in the catalog's code says; DriverChartTest keeps the two equal. A JSON list.
*/}}
{{- define "services-backup-drivers.registered" -}}
{{- $names := dict "cnpg" "cnpg.services.cozystack.io" "mariadb" "mariadb.services.cozystack.io" "mongodb" "mongodb.services.cozystack.io" "foundationdb" "foundationdb.services.cozystack.io" -}}
{{- $out := list -}}
{{- range .Values.drivers -}}
{{- $out = append $out (get $names .) -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* The chosen drivers' heartbeat Leases (in cozy-system), a JSON list. */}}
{{- define "services-backup-drivers.leases" -}}
{{- $out := list -}}
{{- range (include "services-backup-drivers.registered" . | fromJsonArray) -}}
{{- $out = append $out (printf "backup-driver-%s" .) -}}
{{- end -}}
{{- toJson $out -}}
{{- end -}}

{{/* The Lease the process's replicas elect a leader with (in cozy-system), passed to the process:
named after the release, so an upgrade that adds a driver keeps it (a name derived from the drivers
would change, and the old and the new replica would each lead their own Lease). */}}
{{- define "services-backup-drivers.leaderLease" -}}
{{- printf "%s-leader" .Release.Name -}}
{{- end -}}
