{{- /* The Percona Server for MongoDB image of the chosen major version. */ -}}
{{- define "mongodb.image" -}}
{{- $tags := dict "v8" "8.0.17-6" "v7" "7.0.28-15" "v6" "6.0.25-20" -}}
{{- if not (hasKey $tags .Values.version) -}}
{{- fail (printf "version %q is not supported: use one of %s" .Values.version (keys $tags | sortAlpha | join ", ")) -}}
{{- end -}}
percona/percona-server-mongodb:{{ index $tags .Values.version }}
{{- end -}}

{{- /* Each user's roles, from the databases whose roles name it: {user: [{name, db}]}. */ -}}
{{- define "mongodb.userRoles" -}}
{{- $roles := dict -}}
{{- range $db, $d := .Values.databases -}}
{{- range $user := (dig "roles" "admin" list $d) -}}
{{- $_ := set $roles $user (concat (index $roles $user | default list) (list (dict "name" "readWrite" "db" $db) (dict "name" "dbAdmin" "db" $db))) -}}
{{- end -}}
{{- range $user := (dig "roles" "readonly" list $d) -}}
{{- $_ := set $roles $user (append (index $roles $user | default list) (dict "name" "read" "db" $db)) -}}
{{- end -}}
{{- end -}}
{{- toJson $roles -}}
{{- end -}}

{{- /* A replica set's volume. */ -}}
{{- define "mongodb.volume" -}}
persistentVolumeClaim:
  accessModes: [ReadWriteOnce]
  {{- with (index . 0).Values.storageClass }}
  storageClassName: {{ . }}
  {{- end }}
  resources:
    requests:
      storage: {{ include "app.quantity" (index . 1) | quote }}
{{- end -}}

{{- /* Checks what the schema cannot, naming the field. */ -}}
{{- define "mongodb.check" -}}
{{- $roles := include "mongodb.userRoles" . | fromJson -}}
{{- range $user, $_ := .Values.users -}}
{{- if not (hasKey $roles $user) -}}
{{- fail (printf "users.%s has no role: name it in databases.<db>.roles.admin or .readonly" $user) -}}
{{- end -}}
{{- end -}}
{{- range $user, $_ := $roles -}}
{{- if not (hasKey $.Values.users $user) -}}
{{- fail (printf "databases roles name user %q, which is not in users; add it to users" $user) -}}
{{- end -}}
{{- end -}}
{{- $seen := dict -}}
{{- range $user, $_ := .Values.users -}}
{{- $n := include "app.dnsName" $user -}}
{{- if or (not $n) (hasKey $seen $n) -}}
{{- fail (printf "users.%s: its name gives the Secret name suffix %q, empty or the same as another user's; rename it" $user $n) -}}
{{- end -}}
{{- $_ := set $seen $n true -}}
{{- end -}}
{{- if .Values.bootstrap.enabled -}}
{{- range list "backupName" -}}
{{- if not (index $.Values.bootstrap .) -}}
{{- fail (printf "bootstrap.%s is required when bootstrap.enabled is true" .) -}}
{{- end -}}
{{- end -}}
{{- range list "destinationPath" "endpointURL" "s3AccessKey" "s3SecretKey" -}}
{{- if not (index $.Values.backup .) -}}
{{- fail (printf "backup.%s is required when bootstrap.enabled is true: the restore reads the backup from there" .) -}}
{{- end -}}
{{- end -}}
{{- end -}}
{{- if or .Values.backup.enabled .Values.bootstrap.enabled -}}
{{- if not (regexMatch "^s3://[^/]+" .Values.backup.destinationPath) -}}
{{- fail (printf "backup.destinationPath %q must be s3://<bucket>[/<prefix>]" .Values.backup.destinationPath) -}}
{{- end -}}
{{- if and .Values.backup.enabled (not (regexMatch "^[0-9]+d$" .Values.backup.retentionPolicy)) -}}
{{- fail (printf "backup.retentionPolicy %q must be a number of days, e.g. 30d" .Values.backup.retentionPolicy) -}}
{{- end -}}
{{- end -}}
{{- end -}}
