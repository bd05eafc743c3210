DROP INDEX "invoices_client_date_idx";--> statement-breakpoint
CREATE INDEX "credit_ledger_user_id_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "invoices_client_number_idx" ON "invoices" USING btree ("client_id",lower("number") collate "C","id");--> statement-breakpoint
CREATE INDEX "invoices_client_counterparty_idx" ON "invoices" USING btree ("client_id",lower(translate(case type
  when 'issued' then recipient_name
  when 'received' then issuer_name
  else coalesce(issuer_name, recipient_name) end, 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')) collate "C","id");--> statement-breakpoint
CREATE INDEX "invoices_client_counterparty_es_idx" ON "invoices" USING btree ("client_id",lower(translate(replace(replace(case type
  when 'issued' then recipient_name
  when 'received' then issuer_name
  else coalesce(issuer_name, recipient_name) end, 'ñ', 'n~'), 'Ñ', 'n~'), 'ÁÀÄÂÃÉÈËÊÍÌÏÎÓÒÖÔÕÚÙÜÛÇÑáàäâãéèëêíìïîóòöôõúùüûçñ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')) collate "C","id");--> statement-breakpoint
CREATE INDEX "invoices_client_total_idx" ON "invoices" USING btree ("client_id","total_cents","id");--> statement-breakpoint
CREATE INDEX "invoices_client_type_idx" ON "invoices" USING btree ("client_id","type","id");--> statement-breakpoint
CREATE INDEX "invoices_client_unchecked_idx" ON "invoices" USING btree ("client_id") WHERE not "invoices"."checked";--> statement-breakpoint
CREATE INDEX "invoices_client_issued_base_idx" ON "invoices" USING btree ("client_id","tax_base_cents") WHERE "invoices"."type" = 'issued';--> statement-breakpoint
CREATE INDEX "invoices_client_date_idx" ON "invoices" USING btree ("client_id","issue_date","id");